import {
  audioDeletedMessage,
  CONSENT_METHOD_LABELS,
  formatTranscriptLines,
  interactionAudioPath,
  interactionTranscriptPath,
  interactionTypeLabel,
  outputTagsText,
  redactTranscript,
  transcriptDeletedMessage,
  type Customer,
  type CustomerExportQuery,
  type CustomerListQuery,
  type InteractionDetail,
  type InteractionExportQuery,
  type InteractionListItem,
  type InteractionListQuery,
  type InteractionType,
  type OutputTag,
  type RedactPiiOptions,
  type RecordingConsent,
  type TranscriptSegment,
  type User,
} from '@fieldbot/shared';
import { csvStream, type CsvColumn } from '../../lib/csv-response.js';
import { DomainError, notFound } from '../../lib/errors.js';
import {
  RangeNotSatisfiableError,
  type ByteRange,
  type StorageProvider,
  type StoredObject,
} from '../../providers/storage/index.js';
import type { InteractionsRepo } from './interactions.repo.js';
import { toRecordingConsent } from './consent-record.js';
import { viewerScope } from '../../lib/viewer-scope.js';

export type InteractionsService = ReturnType<typeof createInteractionsService>;

/** The customers export: the list's columns, with the status and date spelled out. */
const CUSTOMER_CSV_COLUMNS: CsvColumn<Customer>[] = [
  { header: 'Customer ID', value: (c) => c.customer_id },
  { header: 'Name', value: (c) => c.name },
  { header: 'Type', value: (c) => c.type },
  { header: 'Jobs', value: (c) => c.jobs_count },
  { header: 'Status', value: (c) => (c.active ? 'Active' : 'Inactive') },
  { header: 'Created (UTC)', value: (c) => c.created_at },
];

/** A row of the interactions export: the table's row and each bot's latest findings on it. */
interface InteractionCsvRow {
  item: InteractionListItem;
  findings: Map<string, OutputTag[] | null>;
  /** The recording's consent record; null for calls and older recordings. */
  consent: RecordingConsent | null;
}

/** The interactions export: the Interactions table's columns, then one column per bot. */
const INTERACTION_CSV_COLUMNS: CsvColumn<InteractionCsvRow>[] = [
  { header: 'Interaction ID', value: ({ item }) => item.interaction_id },
  { header: 'Type', value: ({ item }) => interactionTypeLabel(item.type, null) },
  { header: 'Call type', value: ({ item }) => item.call_type },
  { header: 'Status', value: ({ item }) => item.status },
  { header: 'Field Team', value: ({ item }) => item.recording_by },
  { header: 'Timestamp (UTC)', value: ({ item }) => item.created_at },
  { header: 'Duration (s)', value: ({ item }) => item.duration },
  {
    header: 'Consent method',
    value: ({ consent }) => (consent ? CONSENT_METHOD_LABELS[consent.method] : null),
  },
  { header: 'Consent confirmed by', value: ({ consent }) => consent?.confirmed_by ?? null },
  { header: 'Consent recorded at (UTC)', value: ({ consent }) => consent?.confirmed_at ?? null },
  { header: 'Consent notice version', value: ({ consent }) => consent?.notice_version ?? null },
];

/**
 * A bot's column: its latest successful result's tags, empty where it has none. Two bots of one
 * name (from two publishers) get `(2)`, `(3)` after the name, so every header names one column.
 */
function botCsvColumns(bots: { id: string; name: string }[]): CsvColumn<InteractionCsvRow>[] {
  const seen = new Map<string, number>();
  return bots.map((bot) => {
    const n = (seen.get(bot.name) ?? 0) + 1;
    seen.set(bot.name, n);
    return {
      header: n === 1 ? bot.name : `${bot.name} (${n})`,
      value: ({ findings }) => {
        const tags = findings.get(bot.id);
        return tags ? outputTagsText(tags) : null;
      },
    };
  });
}

type CustomerRow = Awaited<ReturnType<InteractionsRepo['customerPage']>>['items'][number];
/** A row of the Interactions table (the detail's row has these columns and more). */
type InteractionRow = Omit<
  NonNullable<Awaited<ReturnType<InteractionsRepo['customerInteractionPage']>>>['items'][number],
  'customerInteractionsCount'
>;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    customer_id: row.externalId,
    name: row.name,
    jobs_count: row.jobsCount,
    type: row.type,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    do_not_record: row.doNotRecord,
    legal_hold: row.legalHold,
  };
}

export function toInteractionListItem(row: InteractionRow): InteractionListItem {
  return {
    id: row.id,
    interaction_id: row.number,
    type: row.type,
    call_type: row.callType,
    status: row.status,
    download_status: row.downloadStatus,
    recording_by: row.recordingBy,
    created_at: row.startedAt.toISOString(),
    duration: row.durationSeconds,
    job_id: row.jobNumber,
  };
}

/** A transcript exists once the text or its segments are stored. */
const hasTranscript = (row: { transcriptText: string | null; segments: readonly unknown[] }) =>
  row.transcriptText !== null || row.segments.length > 0;

/** The .txt download: one "[mm:ss] Speaker: text" line per segment, else the plain transcript. */
export function transcriptFileText(
  segments: readonly TranscriptSegment[],
  transcriptText: string | null,
): string {
  if (segments.length === 0) return `${transcriptText ?? ''}\n`;
  return `${formatTranscriptLines(segments)}\n`;
}

/** `<interaction_id>.txt`, kept to characters that are safe inside a quoted header value. */
export function transcriptFileName(interactionNumber: string): string {
  const safe = interactionNumber.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return `${safe || 'transcript'}.txt`;
}

export const RANGE_NOT_SATISFIABLE = 'The requested range is not satisfiable.';

/** 410: the company's retention policy deleted it; the message says when. */
const gone = (message: string) => new DomainError(410, message);

export function createInteractionsService(deps: {
  repo: InteractionsRepo;
  storage: StorageProvider;
  /** The company's optional kinds to mask (Settings → Privacy); without it only the fixed kinds. */
  redactionOf?(companyId: string): Promise<RedactPiiOptions>;
}) {
  const { repo, storage } = deps;
  /**
   * Transcripts are masked when made; masking again on read (idempotent, equal length, so bot
   * offsets hold) makes a kind the company has just turned on, and transcripts stored before
   * masking existed, show masked at once on the page and in the download.
   */
  const maskOnRead = async <S extends { text: string }>(
    companyId: string,
    text: string | null,
    segments: S[],
  ) => {
    const out = redactTranscript(
      { text: text ?? '', segments },
      await deps.redactionOf?.(companyId),
    );
    return { text: text === null ? null : out.text, segments: out.segments };
  };
  return {
    /** The customers list as CSV rows: the list's scope, filter and order, read in batches. */
    customersCsv(viewer: User, query: CustomerExportQuery) {
      const scope = viewerScope(viewer);
      return csvStream(CUSTOMER_CSV_COLUMNS, async (offset, limit) =>
        (await repo.customerBatch(scope, query, offset, limit)).map(toCustomer),
      );
    },

    async customers(viewer: User, query: CustomerListQuery) {
      const page = await repo.customerPage(viewerScope(viewer), query);
      return { items: page.items.map(toCustomer), count: page.count };
    },

    async customer(viewer: User, customerId: string): Promise<Customer> {
      const row = await repo.customer(viewerScope(viewer), customerId);
      if (!row) throw notFound();
      return toCustomer(row);
    },

    /**
     * A customer's interactions as CSV rows: the list's scope, filter and order, read in batches,
     * each batch with its bots' latest findings. The bot columns are found first (one query), so
     * memory holds one batch whatever the length. A customer out of scope is a 404, as the list.
     */
    async interactionsCsv(viewer: User, customerId: string, query: InteractionExportQuery) {
      const scope = viewerScope(viewer);
      if (!(await repo.customer(scope, customerId))) throw notFound();
      const bots = await repo.exportBots(scope, customerId, query);
      return csvStream(
        [...INTERACTION_CSV_COLUMNS, ...botCsvColumns(bots)],
        async (offset, limit) => {
          const rows = await repo.interactionBatch(scope, customerId, query, offset, limit);
          const ids = rows.map((row) => row.id);
          const findings = new Map(ids.map((id) => [id, new Map<string, OutputTag[] | null>()]));
          for (const found of await repo.latestFindings(scope, ids)) {
            findings.get(found.interactionId!)?.set(found.botId, found.outputTags);
          }
          const consents = new Map(
            (await repo.consentsOf(scope, ids)).map((c) => [
              c.interactionId,
              toRecordingConsent(c),
            ]),
          );
          return rows.map((row) => ({
            item: toInteractionListItem(row),
            findings: findings.get(row.id)!,
            consent: consents.get(row.id) ?? null,
          }));
        },
      );
    },

    /** A customer the caller cannot see has no interactions list either: 404. */
    async interactions(viewer: User, customerId: string, query: InteractionListQuery) {
      const page = await repo.customerInteractionPage(viewerScope(viewer), customerId, query);
      if (!page) throw notFound();
      return { items: page.items.map(toInteractionListItem), count: page.count };
    },

    async interaction(
      viewer: User,
      interactionId: string,
      type: InteractionType,
    ): Promise<InteractionDetail> {
      const scope = viewerScope(viewer);
      const row = await repo.interaction(scope, interactionId, type);
      if (!row) throw notFound();
      const shown = await maskOnRead(scope.companyId, row.transcriptText, row.segments);
      return {
        ...toInteractionListItem(row),
        customer: {
          id: row.customerId,
          name: row.customerName,
          do_not_record: row.customerDoNotRecord,
        },
        consent: toRecordingConsent(row.consent),
        audio_deleted_at: row.audioDeletedAt?.toISOString() ?? null,
        transcript_deleted_at: row.transcriptDeletedAt?.toISOString() ?? null,
        audio_url: row.hasAudio ? interactionAudioPath(row.id, row.type) : null,
        audio_peaks: row.hasAudio ? (row.audioPeaks ?? []) : null,
        audio_merge_status: row.audioMergeStatus,
        audio_merge_error_message: row.audioMergeErrorMessage,
        transcript: shown.text,
        transcript_status: row.transcriptStatus,
        transcript_error_message: row.transcriptErrorMessage,
        transcript_segments: shown.segments,
        transcript_engine: row.transcriptEngine,
        transcript_url: hasTranscript(row) ? interactionTranscriptPath(row.id, row.type) : null,
      };
    },

    /**
     * The merged audio, whole or one byte range. 404 when the interaction is out of scope, has
     * no merged audio, or the file is missing from storage; 410 once retention deleted it; 416
     * when the range lies past the end.
     */
    async audio(
      viewer: User,
      interactionId: string,
      type: InteractionType,
      range: ByteRange | null,
    ): Promise<{ object: StoredObject; contentType: string }> {
      const asset = await repo.audio(viewerScope(viewer), interactionId, type);
      if (asset?.audioDeletedAt) throw gone(audioDeletedMessage(asset.audioDeletedAt, 'UTC'));
      if (!asset?.storageKey || !asset.contentType) throw notFound();
      let object: StoredObject | null;
      try {
        object = await storage.get(asset.storageKey, range ?? undefined);
      } catch (error) {
        if (error instanceof RangeNotSatisfiableError) {
          throw new DomainError(
            416,
            RANGE_NOT_SATISFIABLE,
            {},
            { 'accept-ranges': 'bytes', 'content-range': `bytes */${error.size}` },
          );
        }
        throw error;
      }
      if (!object) throw notFound();
      return { object, contentType: asset.contentType };
    },

    /** The transcript as a text file; 404 when there is none yet, 410 once retention deleted it. */
    async transcript(viewer: User, interactionId: string, type: InteractionType) {
      const scope = viewerScope(viewer);
      const row = await repo.transcript(scope, interactionId, type);
      if (row?.transcriptDeletedAt) {
        throw gone(transcriptDeletedMessage(row.transcriptDeletedAt, 'UTC'));
      }
      if (!row || !hasTranscript(row)) throw notFound();
      const shown = await maskOnRead(scope.companyId, row.transcriptText, row.segments);
      return {
        fileName: transcriptFileName(row.number),
        text: transcriptFileText(shown.segments, shown.text),
      };
    },
  };
}
