import { z } from 'zod';
import { CONSENT_METHODS } from '../consent/consent-rules';
import { DEFAULT_PAGE } from '../constants';
import { MESSAGES } from '../validation/messages';

/** Enumerations of spec §3 "Interaction" and "Customer". */
export const INTERACTION_TYPES = ['field-recording', 'csr-call'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const CALL_TYPES = ['Booked', 'Unbooked'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** `terminated` is the CRM's cancelled call; the spec's Run Bot rule names it. */
export const INTERACTION_STATUSES = ['completed', 'in-progress', 'paused', 'terminated'] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

/** CSR call download; null means the CRM has not handed the call over yet ('Processing'). */
export const DOWNLOAD_STATUSES = ['error', 'in-progress', 'completed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** Audio merge and transcript: in-progress, error, else done (spec §4). */
export const PROCESS_STATUSES = ['in-progress', 'error', 'completed'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

export const CUSTOMER_TYPES = ['Residential', 'Commercial'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Sortable columns of the Interactions table (Interaction Type, Job ID, Field Team, Timestamp, Recording Length). */
export const INTERACTION_SORT_FIELDS = [
  'type',
  'job_id',
  'recording_by',
  'created_at',
  'duration',
] as const;
export type InteractionSortField = (typeof INTERACTION_SORT_FIELDS)[number];

export const CUSTOMER_SORT_FIELDS = [
  'name',
  'customer_id',
  'jobs_count',
  'type',
  'active',
  'created_at',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

/** The longest keyword a list search accepts. */
export const KEYWORD_MAX = 100;
/** Deepest page a list serves; beyond it the caller should narrow the search. */
export const MAX_PAGE = 100_000;

/** Empty query values ('' from a cleared filter) read as absent. */
export const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const pageSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(1, MESSAGES.invalidValue)
    .max(MAX_PAGE, MESSAGES.invalidValue)
    .default(DEFAULT_PAGE),
);
export const keywordSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : value),
  z.string({ error: MESSAGES.invalidValue }).max(KEYWORD_MAX, MESSAGES.invalidValue).optional(),
);
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: MESSAGES.selectValidValue }).optional());

export const interactionListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  type: choice(INTERACTION_TYPES),
  sort_by: z.preprocess(
    blankToUndefined,
    z.enum(INTERACTION_SORT_FIELDS, { error: MESSAGES.selectValidValue }).default('created_at'),
  ),
  sort_direction: z.preprocess(
    blankToUndefined,
    z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).default('desc'),
  ),
});
export type InteractionListQuery = z.infer<typeof interactionListQuerySchema>;

export const customerListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  type: choice(CUSTOMER_TYPES),
  status: choice(CUSTOMER_STATUSES),
  sort_by: z.preprocess(
    blankToUndefined,
    z.enum(CUSTOMER_SORT_FIELDS, { error: MESSAGES.selectValidValue }).default('name'),
  ),
  sort_direction: z.preprocess(
    blankToUndefined,
    z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).default('asc'),
  ),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** Path parameters of the interaction routes: `id` is the interaction's uuid. */
export const interactionParamsSchema = z.object({
  interactionId: z.uuid({ error: MESSAGES.invalidValue }),
  interactionType: z.enum(INTERACTION_TYPES, { error: MESSAGES.invalidValue }),
});
export const customerParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });

export const customerSchema = z.object({
  id: z.uuid(),
  /** The CRM's id, shown as Customer ID. */
  customer_id: z.string(),
  name: z.string(),
  jobs_count: z.number().int(),
  type: z.enum(CUSTOMER_TYPES),
  active: z.boolean(),
  created_at: z.string(),
  /** Issue 27 §1: the customer asked not to be recorded (Record Visit off, uploads refused). */
  do_not_record: z.boolean(),
  /** Issue 27 §2: a legal hold suspends retention deletion for this customer. */
  legal_hold: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

export const interactionListItemSchema = z.object({
  id: z.uuid(),
  /** Human id shown in the table (recording number or the CRM's call id). */
  interaction_id: z.string(),
  type: z.enum(INTERACTION_TYPES),
  call_type: z.enum(CALL_TYPES).nullable(),
  status: z.enum(INTERACTION_STATUSES),
  download_status: z.enum(DOWNLOAD_STATUSES).nullable(),
  /** Name of the technician (Field Team column); null for CSR calls with no technician. */
  recording_by: z.string().nullable(),
  /** ISO timestamp of when the interaction started. */
  created_at: z.string(),
  /** Seconds; null until the audio is merged. */
  duration: z.number().nullable(),
  /** The job's CRM number (Job ID column). */
  job_id: z.string().nullable(),
});
export type InteractionListItem = z.infer<typeof interactionListItemSchema>;

export const transcriptSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  speaker: z.string(),
  text: z.string(),
});
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/**
 * Which speech-to-text engine made a transcript: a hosted or self-hosted whisper service, or the
 * offline pocketsphinx default, whose transcripts are a rough draft and are labelled so.
 */
export const TRANSCRIPT_ENGINES = ['openai-compatible', 'pocketsphinx'] as const;
export type TranscriptEngine = (typeof TRANSCRIPT_ENGINES)[number];

// The methods live with the consent rules (zod-free, for the session's user schema).
export { CONSENT_METHODS, type ConsentMethod } from '../consent/consent-rules';

/** Issue 27 §1: how the customer's consent to a field recording was taken. */
export const recordingConsentSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  /** Who confirmed the customer agreed (null when only the notice was played). */
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** The recorded notice's version, when one was played. */
  notice_version: z.string().nullable(),
});
export type RecordingConsent = z.infer<typeof recordingConsentSchema>;

export const interactionDetailSchema = interactionListItemSchema.extend({
  customer: z.object({ id: z.uuid(), name: z.string(), do_not_record: z.boolean() }),
  /** Null for calls and for recordings made before consent was recorded. */
  consent: recordingConsentSchema.nullable(),
  /** Issue 27 §2: when the company's retention policy deleted the audio / transcript and results. */
  audio_deleted_at: z.string().nullable(),
  transcript_deleted_at: z.string().nullable(),
  /** Session-checked, Range-capable audio route; null when there is no merged audio. */
  audio_url: z.string().nullable(),
  /** Precomputed waveform peaks (0..1), at most AUDIO_PEAKS_MAX values, so a long recording draws at once. */
  audio_peaks: z.array(z.number()).nullable(),
  audio_merge_status: z.enum(PROCESS_STATUSES).nullable(),
  audio_merge_error_message: z.string().nullable(),
  transcript: z.string().nullable(),
  transcript_status: z.enum(PROCESS_STATUSES).nullable(),
  transcript_error_message: z.string().nullable(),
  transcript_segments: z.array(transcriptSegmentSchema),
  /** null for transcripts made before engines were recorded (and the demo data's scripted ones). */
  transcript_engine: z.enum(TRANSCRIPT_ENGINES).nullable(),
  /** Session-checked `.txt` download; null without a transcript. */
  transcript_url: z.string().nullable(),
});
export type InteractionDetail = z.infer<typeof interactionDetailSchema>;

export const customerListResponseSchema = z.object({
  data: z.object({ items: z.array(customerSchema), count: z.number().int() }),
});
export const customerDetailResponseSchema = z.object({ data: customerSchema });
export const interactionListResponseSchema = z.object({
  data: z.object({ items: z.array(interactionListItemSchema), count: z.number().int() }),
});
export const interactionDetailResponseSchema = z.object({ data: interactionDetailSchema });

/** Waveform resolution: enough for a full-width waveform, small enough for a one-hour call. */
export const AUDIO_PEAKS_MAX = 2000;

export const interactionAudioPath = (id: string, type: InteractionType) =>
  `/api/company/interaction/${id}/${type}/audio`;
export const interactionTranscriptPath = (id: string, type: InteractionType) =>
  `/api/company/interaction/${id}/${type}/transcript`;
