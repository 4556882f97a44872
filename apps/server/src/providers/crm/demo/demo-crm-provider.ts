import { CRM_ENTITIES } from '../../../db/schema/integrations.js';
import {
  CrmError,
  type CrmConnection,
  type CrmEntity,
  type CrmNoteTarget,
  type CrmProvider,
} from '../crm-provider.js';
import { decodeCursor, exportChanges } from './demo-export.js';
import { loadDemoCallClips, openDemoRecording, type DemoCallClips } from './demo-recordings.js';
import { DemoWorld, MINUTE_MS } from './demo-world.js';

/**
 * Where the Demo CRM keeps the notes written to it (its world is generated, so notes are the one
 * thing it stores): our database in the app (modules/crm-writeback), memory in unit tests.
 */
export interface DemoNoteStore {
  /** The id of the integration's note whose text carries `reference`, if any. */
  findByReference(companyIntegrationId: string, reference: string): Promise<string | null>;
  create(companyIntegrationId: string, target: CrmNoteTarget, text: string): Promise<string>;
  /** false when the note is gone. */
  update(companyIntegrationId: string, noteId: string, text: string): Promise<boolean>;
}

export interface DemoCrmOptions {
  /** The clock of the CRM's world: records exist and move on as it advances. */
  now?: () => Date;
  /** Records per export page. */
  pageSize: number;
  /** Without one, writing a note fails (not retryable): nowhere to keep it. */
  notes?: DemoNoteStore;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each entity's export sees the world this much earlier than the one before it in CRM_ENTITIES.
 * A sync walks the entities in that order, so as long as it moves from one entity to the next
 * within this time, every customer, location, technician and job a record refers to was created
 * before the referenced entity's export ran, and so was exported.
 */
export const DEMO_ENTITY_DELAY_MS = 5 * MINUTE_MS;

/** The dialog's values: tenant_id (digits, the data set's seed) and start_date (history begins). */
export function parseDemoValues(values: Record<string, string>): {
  tenantId: string;
  startMs: number;
} {
  const tenantId = values.tenant_id?.trim() ?? '';
  if (!/^\d+$/.test(tenantId)) {
    throw new CrmError('The demo CRM tenant ID must be digits only.', false, true);
  }
  const startDate = values.start_date?.trim() ?? '';
  const startMs = Date.parse(`${startDate}T00:00:00Z`);
  if (!ISO_DATE.test(startDate) || Number.isNaN(startMs)) {
    throw new CrmError('The demo CRM start date must be a date (YYYY-MM-DD).', false, true);
  }
  return { tenantId, startMs };
}

/**
 * The built-in Demo CRM: an offline CRM whose data set is a pure function of the
 * tenant id, the start date and the clock. From the start date on it gains technicians,
 * customers with their locations, jobs that move from Scheduled to Completed (with revenue) and
 * Booked and Unbooked calls whose recordings are the shipped demo clips; exports are incremental.
 */
export function createDemoCrmProvider(options: DemoCrmOptions): CrmProvider {
  const now = options.now ?? (() => new Date());
  let clips: DemoCallClips | undefined;
  const callClips = () => (clips ??= loadDemoCallClips());

  return {
    slug: 'demo-crm',
    connect({ values, companyIntegrationId }): CrmConnection {
      let world: DemoWorld | undefined;
      const worldOf = () => {
        if (!world) {
          const { tenantId, startMs } = parseDemoValues(values);
          world = new DemoWorld(tenantId, startMs, callClips());
        }
        return world;
      };
      return {
        // async: a bad value or an abort rejects the promise rather than throwing at the call.
        async verify(signal) {
          signal?.throwIfAborted();
          parseDemoValues(values);
        },
        async exportPage<E extends CrmEntity>(
          entity: E,
          cursor: string | null,
          signal?: AbortSignal,
        ) {
          signal?.throwIfAborted();
          const asOf = now().getTime() - CRM_ENTITIES.indexOf(entity) * DEMO_ENTITY_DELAY_MS;
          const after = cursor === null ? null : decodeCursor(cursor);
          return exportChanges(worldOf(), entity, after, asOf, options.pageSize);
        },
        async downloadRecording(recordingRef, signal) {
          signal?.throwIfAborted();
          return openDemoRecording(callClips(), recordingRef);
        },
        // Unlike ServiceTitan, the Demo CRM edits a note in place.
        async writeNote(note, signal) {
          signal?.throwIfAborted();
          const store = options.notes;
          if (!store) throw new CrmError('The demo CRM keeps no notes here.', false);
          const previousId = note.previous?.noteId ?? null;
          if (previousId && (await store.update(companyIntegrationId, previousId, note.text))) {
            return { target: note.target, noteId: previousId, outcome: 'edited' };
          }
          const noteId =
            (await store.findByReference(companyIntegrationId, note.reference)) ??
            (await store.create(companyIntegrationId, note.target, note.text));
          return { target: note.target, noteId, outcome: 'created' };
        },
      };
    },
  };
}
