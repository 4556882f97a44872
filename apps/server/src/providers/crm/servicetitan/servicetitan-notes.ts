import { z } from 'zod';
import {
  CrmError,
  type CrmNoteTarget,
  type CrmNoteWrite,
  type CrmNoteWritten,
} from '../crm-provider.js';
import type { ServiceTitanTransport } from './servicetitan-client.js';

/*
 * Notes as ServiceTitan's OpenAPI reference publishes them (tenant-jpm v2 and tenant-crm v2):
 * - a job's notes: GET and POST /jpm/v2/tenant/{tenant}/jobs/{id}/notes (Jobs_GetNotes,
 *   Jobs_CreateNote {text, pinToTop}); a Jpm.V2.NoteResponse has no id, and there is no edit or
 *   delete of a job note;
 * - a customer's notes: GET and POST /crm/v2/tenant/{tenant}/customers/{id}/notes
 *   (Customers_GetNotes, Customers_CreateNote {text, pinToTop, addToLocations}) answering
 *   Crm.V2.NoteResponse {id, text, …}, and DELETE …/customers/{id}/notes/{noteId}; no edit.
 * Lists are paginated ({page, pageSize, hasMore, data}, pages from 1).
 */

const NOTES_PAGE_SIZE = 50;
/** A note we wrote is looked for in this many pages at most (a job or customer with 500+ notes is rare). */
const MAX_LOOKUP_PAGES = 10;

const notesPage = z.object({ hasMore: z.boolean(), data: z.array(z.unknown()) });
const listedNote = z.object({ id: z.number().int().nullish(), text: z.string().nullish() });
const createdCustomerNote = z.object({ id: z.number().int() });

export function notesPath(tenant: string, target: CrmNoteTarget): string {
  const id = encodeURIComponent(target.externalId);
  return target.kind === 'job'
    ? `/jpm/v2/tenant/${tenant}/jobs/${id}/notes`
    : `/crm/v2/tenant/${tenant}/customers/${id}/notes`;
}

export const customerNotePath = (tenant: string, customerId: string, noteId: string) =>
  `/crm/v2/tenant/${tenant}/customers/${encodeURIComponent(customerId)}/notes/${encodeURIComponent(noteId)}`;

/** 404 on a note route: the job or customer is gone from the CRM (not a credentials problem). */
const missingTarget = (target: CrmNoteTarget) => (status: number) =>
  status === 404
    ? new CrmError(`ServiceTitan has no ${target.kind} ${target.externalId} any more.`, false)
    : null;

/** The note carrying `reference` among the target's notes: found (with its id when it has one) or not. */
async function findNote(
  transport: ServiceTitanTransport,
  tenant: string,
  note: CrmNoteWrite,
  signal?: AbortSignal,
): Promise<{ noteId: string | null } | null> {
  for (let page = 1; page <= MAX_LOOKUP_PAGES; page++) {
    const response = await transport.get(
      notesPath(tenant, note.target),
      { page: String(page), pageSize: String(NOTES_PAGE_SIZE) },
      { signal, onStatus: missingTarget(note.target) },
    );
    const parsed = notesPage.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CrmError('ServiceTitan sent an unreadable list of notes.', true);
    for (const row of parsed.data.data) {
      const listed = listedNote.safeParse(row);
      if (listed.success && listed.data.text?.includes(note.reference)) {
        return { noteId: listed.data.id == null ? null : String(listed.data.id) };
      }
    }
    if (!parsed.data.hasMore) break;
  }
  return null;
}

async function createNote(
  transport: ServiceTitanTransport,
  tenant: string,
  note: CrmNoteWrite,
  signal?: AbortSignal,
): Promise<string | null> {
  const customer = note.target.kind === 'customer';
  const response = await transport.send(
    'POST',
    notesPath(tenant, note.target),
    {},
    {
      signal,
      json: customer
        ? { text: note.text, pinToTop: false, addToLocations: false }
        : { text: note.text, pinToTop: false },
      onStatus: missingTarget(note.target),
    },
  );
  const body = (await response.json().catch(() => null)) as unknown;
  if (!customer) return null;
  const parsed = createdCustomerNote.safeParse(body);
  // The note exists but we can't tell its id: the next write's lookup finds it by its reference.
  return parsed.success ? String(parsed.data.id) : null;
}

/**
 * ServiceTitan can't edit a note. A customer note is replaced: the new one is created first, then
 * the old one deleted (a failure in between leaves both, never neither). A job note can't be
 * deleted either, so an update adds the new note and the old one stays ('kept').
 */
export async function writeServiceTitanNote(
  transport: ServiceTitanTransport,
  tenant: string,
  note: CrmNoteWrite,
  signal?: AbortSignal,
): Promise<CrmNoteWritten> {
  const found = await findNote(transport, tenant, note, signal);
  const noteId = found ? found.noteId : await createNote(transport, tenant, note, signal);
  const previous = note.previous;
  if (!previous) return { target: note.target, noteId, outcome: 'created' };
  if (
    previous.target.kind === 'customer' &&
    previous.noteId !== null &&
    previous.noteId !== noteId
  ) {
    // Already gone (deleted by hand, or by an attempt that crashed after deleting): done.
    const gone = new CrmError('The note is already gone.', false);
    const deleted = await transport
      .send(
        'DELETE',
        customerNotePath(tenant, previous.target.externalId, previous.noteId),
        {},
        {
          signal,
          onStatus: (status) => (status === 404 ? gone : null),
        },
      )
      .catch((error: unknown) => {
        if (error === gone) return null;
        throw error;
      });
    await deleted?.body?.cancel();
    return { target: note.target, noteId, outcome: 'replaced' };
  }
  return { target: note.target, noteId, outcome: 'kept' };
}
