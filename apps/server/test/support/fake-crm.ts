import { Readable } from 'node:stream';
import {
  CrmError,
  type CrmEntity,
  type CrmRecordOf,
  type CrmConnection,
  type CrmNoteTarget,
  type CrmPage,
  type CrmProvider,
  type CrmProviders,
} from '../../src/providers/crm/crm-provider';

/**
 * An in-memory CRM for the sync engine's tests. Each tenant (the `tenant` value of a company's
 * saved values) has a change log per entity; an export page is the next `pageSize` changes after
 * the cursor (the log position), like ServiceTitan's continueFrom. Tests script failures: bad
 * credentials, a page that hangs (a worker killed mid-sync), a recording that fails to download.
 */
export class FakeCrmTenant {
  readonly log: { [E in CrmEntity]: CrmRecordOf[E][] } = {
    technicians: [],
    customers: [],
    locations: [],
    jobs: [],
    calls: [],
  };
  apiKey = 'good-key';
  /** Every exportPage call: which entity, from which cursor. */
  readonly exports: { entity: CrmEntity; cursor: string | null }[] = [];
  readonly recordings = new Map<string, Buffer>();
  /** Recording refs whose download fails (not retryable) until removed. */
  readonly brokenRecordings = new Set<string>();
  readonly downloads: string[] = [];
  /**
   * Notes written to the CRM, as ServiceTitan keeps them: a customer note has an id and can be
   * deleted, a job note has neither an id nor an edit (see servicetitan-notes.ts).
   */
  readonly notes: { id: string | null; target: CrmNoteTarget; text: string; deleted: boolean }[] =
    [];
  /** The next this many note writes fail (retryable), like a CRM that is down. */
  failNoteWrites = 0;
  /** When set, the page requests after this many more never answer (the worker "dies" there). */
  hangAfterPages: number | null = null;
  /** While set, page requests wait for it (a sync held in the middle). */
  private gate: Promise<void> | null = null;
  /** Page requests being answered now. */
  inFlight = 0;
  /** The most page requests that were ever in flight at once (1: syncs never overlapped). */
  maxInFlight = 0;

  /** Holds page requests until the returned function is called. */
  pause(): () => void {
    let open!: () => void;
    this.gate = new Promise((resolve) => (open = resolve));
    return () => {
      this.gate = null;
      open();
    };
  }

  constructor(readonly pageSize = 2) {}

  /** Records a new or changed record: it is in the next export of its entity. */
  put<E extends CrmEntity>(entity: E, ...records: CrmRecordOf[E][]) {
    (this.log[entity] as CrmRecordOf[E][]).push(...records);
  }

  /** The latest copy of each record of an entity, by external id. */
  latest<E extends CrmEntity>(entity: E): CrmRecordOf[E][] {
    const byId = new Map<string, CrmRecordOf[E]>();
    for (const record of this.log[entity] as CrmRecordOf[E][]) byId.set(record.externalId, record);
    return [...byId.values()];
  }

  async page<E extends CrmEntity>(entity: E, cursor: string | null): Promise<CrmPage<E>> {
    this.exports.push({ entity, cursor });
    if (this.hangAfterPages !== null) {
      if (this.hangAfterPages <= 0) return new Promise(() => undefined);
      this.hangAfterPages -= 1;
    }
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.gate) await this.gate;
      const from = cursor === null ? 0 : Number(cursor);
      const all = this.log[entity] as CrmRecordOf[E][];
      const items = all.slice(from, from + this.pageSize);
      const next = from + items.length;
      return { items, cursor: String(next), hasMore: next < all.length };
    } finally {
      this.inFlight -= 1;
    }
  }
}

export class FakeCrm {
  readonly tenants = new Map<string, FakeCrmTenant>();

  tenant(name: string, pageSize?: number): FakeCrmTenant {
    let tenant = this.tenants.get(name);
    if (!tenant) {
      tenant = new FakeCrmTenant(pageSize);
      this.tenants.set(name, tenant);
    }
    return tenant;
  }

  provider(slug: CrmProvider['slug']): CrmProvider {
    return {
      slug,
      connect: ({ values }) => {
        const tenant = this.tenants.get(values.tenant ?? '');
        const check = () => {
          if (!tenant || values.api_key !== tenant.apiKey) {
            throw new CrmError('The CRM rejected the API key.', false, true);
          }
          return tenant;
        };
        const connection: CrmConnection = {
          verify: () => Promise.resolve(void check()),
          exportPage: (entity, cursor) => check().page(entity, cursor),
          downloadRecording: (ref) => {
            const owner = check();
            owner.downloads.push(ref);
            const audio = owner.recordings.get(ref);
            if (!audio || owner.brokenRecordings.has(ref)) {
              return Promise.reject(
                new CrmError('The CRM could not find the call recording.', false),
              );
            }
            return Promise.resolve({ body: Readable.from([audio]), contentType: 'audio/mpeg' });
          },
          writeNote: (note) => {
            const owner = check();
            if (owner.failNoteWrites > 0) {
              owner.failNoteWrites -= 1;
              return Promise.reject(new CrmError('The CRM is not answering right now.', true));
            }
            const customer = note.target.kind === 'customer';
            let written = owner.notes.find((n) => !n.deleted && n.text.includes(note.reference));
            if (!written) {
              written = {
                id: customer ? String(owner.notes.length + 1) : null,
                target: note.target,
                text: note.text,
                deleted: false,
              };
              owner.notes.push(written);
            }
            const previous = note.previous;
            if (!previous)
              return Promise.resolve({
                target: note.target,
                noteId: written.id,
                outcome: 'created',
              });
            const old = owner.notes.find((n) => n.id !== null && n.id === previous.noteId);
            if (old && old !== written) old.deleted = true;
            return Promise.resolve({
              target: note.target,
              noteId: written.id,
              outcome: old ? ('replaced' as const) : ('kept' as const),
            });
          },
        };
        return connection;
      },
    };
  }

  providers(): CrmProviders {
    return { servicetitan: this.provider('servicetitan'), 'demo-crm': this.provider('demo-crm') };
  }
}
