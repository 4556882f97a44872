import type { Readable } from 'node:stream';
import type { IntegrationSlug } from '@fieldbot/shared';
import type { CrmEntity } from '../../db/schema/integrations.js';

export type { CrmEntity };

/**
 * What a field-service CRM gives the sync, in our words. Every record carries the
 * CRM's own id; the sync upserts on (company, external id), so a record seen twice is one row.
 */
export interface CrmTechnician {
  externalId: string;
  name: string;
  /** Lower-case; null when the CRM has none (the technician can't be invited then). */
  email: string | null;
  /** Digits only, at most 10 (spec §5 phone); null when the CRM has none. */
  phone: string | null;
  active: boolean;
}

export interface CrmCustomer {
  externalId: string;
  name: string;
  type: 'Residential' | 'Commercial';
  active: boolean;
}

export interface CrmLocation {
  externalId: string;
  customerExternalId: string;
  name: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  active: boolean;
}

export const CRM_JOB_STATUSES = [
  'scheduled',
  'dispatched',
  'in-progress',
  'hold',
  'completed',
  'canceled',
] as const;
export type CrmJobStatus = (typeof CRM_JOB_STATUSES)[number];

export interface CrmJob {
  externalId: string;
  /** Shown as Job ID. */
  jobNumber: string;
  customerExternalId: string;
  locationExternalId: string | null;
  /** The job's (first) technician. */
  technicianExternalId: string | null;
  status: CrmJobStatus;
  /** The job's total in integer cents; null when the CRM has none yet. */
  revenueCents: number | null;
  completedAt: Date | null;
  createdAt: Date;
}

export interface CrmCall {
  externalId: string;
  /** null for callers the CRM doesn't know (they go to the company's 'Unknown caller' customer). */
  customerExternalId: string | null;
  jobExternalId: string | null;
  direction: 'Inbound' | 'Outbound';
  /** The CRM's call type; only Booked and Unbooked become the interaction's call_type. */
  callType: 'Booked' | 'Unbooked' | 'Excused' | 'NotLead' | 'Abandoned' | null;
  durationSeconds: number;
  startedAt: Date;
  agentName: string | null;
  /**
   * The provider's reference to the recording (passed back to downloadRecording); null when the
   * call has none (such calls are not imported: there is nothing to analyse).
   */
  recordingRef: string | null;
}

export interface CrmRecordOf {
  technicians: CrmTechnician;
  customers: CrmCustomer;
  locations: CrmLocation;
  jobs: CrmJob;
  calls: CrmCall;
}

/**
 * One page of an entity's export. `cursor` is where the next page starts; stored after the page's
 * rows are committed, it makes the next sync incremental. `hasMore` false: the export is caught up.
 */
export interface CrmPage<E extends CrmEntity> {
  items: CrmRecordOf[E][];
  cursor: string;
  hasMore: boolean;
}

/** A recording stream, for storage.put. */
export interface CrmRecording {
  body: Readable;
  contentType: string;
}

/** A failure with a sentence for the admin, and whether trying again later can help. */
export class CrmError extends Error {
  override name = 'CrmError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Bad credentials: the admin has to fix the integration's details. */
    readonly credentials = false,
  ) {
    super(message);
  }
}

/** Where a note goes in the CRM: a job, or a customer (by the CRM's own id). */
export interface CrmNoteTarget {
  kind: 'job' | 'customer';
  externalId: string;
}

export interface CrmNoteWrite {
  target: CrmNoteTarget;
  /** The note's text; it contains `reference`, so the note can be found again by its text. */
  text: string;
  /**
   * Unique per write attempt of one content (e.g. `fieldbot:<write-back id>:<hash>`). Before
   * creating, the adapter looks for a note carrying it: a retry after a crash between the CRM's
   * answer and our commit finds that note instead of adding a second one.
   */
  reference: string;
  /** The note this one updates, as the adapter returned it earlier; null for a first write. */
  previous: CrmNoteRef | null;
}

/** Our handle on a written note. `noteId` is null when the CRM gives its notes no id (ServiceTitan job notes). */
export interface CrmNoteRef {
  target: CrmNoteTarget;
  noteId: string | null;
}

export interface CrmNoteWritten extends CrmNoteRef {
  /**
   * How the previous note was dealt with: edited in place, replaced (a new note, the old one
   * deleted), or kept (the CRM can neither edit nor delete it: the new note supersedes it).
   * 'created' for a first write.
   */
  outcome: 'created' | 'edited' | 'replaced' | 'kept';
}

/** A connection made from one company's saved values. */
export interface CrmConnection {
  /** Checks the credentials (a token request, a tiny read); throws CrmError with credentials=true if wrong. */
  verify(signal?: AbortSignal): Promise<void>;
  /** A page of the entity's export from `cursor` (null: from the start date of the values). */
  exportPage<E extends CrmEntity>(
    entity: E,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<CrmPage<E>>;
  /** The recording of a call (its recordingRef), downloaded with the connection's auth. */
  downloadRecording(recordingRef: string, signal?: AbortSignal): Promise<CrmRecording>;
  /**
   * Writes a note, or updates `previous` with new text as far as the CRM allows. Idempotent for
   * a given `reference`: a second call finds the note the first one wrote.
   */
  writeNote(note: CrmNoteWrite, signal?: AbortSignal): Promise<CrmNoteWritten>;
}

/** Where a provider may keep state between runs (e.g. an OAuth token); kept per company integration. */
export interface CrmStateStore {
  get(): Promise<unknown>;
  set(state: unknown): Promise<void>;
}

export interface CrmConnectionContext {
  companyId: string;
  companyIntegrationId: string;
  /** The values saved in the dialog, decrypted (field name → value). */
  values: Record<string, string>;
  state: CrmStateStore;
}

/** One adapter per catalogue slug. */
export interface CrmProvider {
  slug: IntegrationSlug;
  connect(context: CrmConnectionContext): CrmConnection;
}

export type CrmProviders = Record<IntegrationSlug, CrmProvider>;
