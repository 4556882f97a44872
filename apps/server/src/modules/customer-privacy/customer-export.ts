import { CUSTOMER_PRIVACY_BATCH, neutraliseCell } from '@fieldbot/shared';
import { stringify } from 'csv-stringify/sync';
import type { StorageProvider } from '../../providers/storage/index.js';
import { toRecordingConsent } from '../interactions/index.js';
import type { CustomerPrivacyRepo } from './customer-privacy.repo.js';
import type { ZipWriter } from './zip-stream.js';

type Customer = NonNullable<Awaited<ReturnType<CustomerPrivacyRepo['customer']>>>;
type InteractionRow = Awaited<ReturnType<CustomerPrivacyRepo['interactionsPage']>>[number];

/** How many of each thing the archive holds (the audit entry and request row keep these). */
export interface ExportCounts extends Record<string, number> {
  locations: number;
  jobs: number;
  interactions: number;
  bot_results: number;
  audio_files: number;
}

const iso = (value: Date | string | null | undefined) =>
  value == null ? null : value instanceof Date ? value.toISOString() : value;

/** One CSV line: user text is neutralised so a spreadsheet never runs it as a formula. */
const csvLine = (cells: unknown[]) =>
  stringify([cells.map((cell) => (cell == null ? '' : neutraliseCell(String(cell))))], {
    record_delimiter: 'windows',
  });

/** Keyset pages of `read` until one comes back short. */
async function* pages<T extends { id: string }>(
  read: (after: string | null, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, CUSTOMER_PRIVACY_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < CUSTOMER_PRIVACY_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A JSON array written element by element. */
async function* jsonArray<T>(items: AsyncIterable<T[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const batch of items) {
    for (const item of batch) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
      first = false;
    }
  }
  yield '\n]\n';
}

const audioName = (row: Pick<InteractionRow, 'number' | 'audioFormat'>) =>
  `audio/${row.number.replace(/[^A-Za-z0-9._-]/g, '_')}.${row.audioFormat ?? 'mp3'}`;

/**
 * Everything held about one end customer, streamed into `zip`: customer.json, locations.json,
 * jobs.csv, interactions.csv, interactions.json (transcripts, segments, consent records),
 * bot_results.json and audio/. Each list is read a page at a time; audio files one by one.
 */
export async function writeCustomerExport(deps: {
  repo: CustomerPrivacyRepo;
  storage: StorageProvider;
  companyId: string;
  customer: Customer;
  zip: ZipWriter;
}): Promise<ExportCounts> {
  const { repo, storage, companyId, customer, zip } = deps;
  const counts: ExportCounts = {
    locations: 0,
    jobs: 0,
    interactions: 0,
    bot_results: 0,
    audio_files: 0,
  };

  await zip.addText('customer.json', [
    `${JSON.stringify(
      {
        id: customer.id,
        customer_id: customer.externalId,
        name: customer.name,
        type: customer.type,
        active: customer.active,
        do_not_record: customer.doNotRecord,
        legal_hold: customer.legalHold,
        created_at: iso(customer.createdAt),
        updated_at: iso(customer.updatedAt),
      },
      null,
      2,
    )}\n`,
  ]);

  const locations = await repo.locations(companyId, customer.id);
  counts.locations = locations.length;
  await zip.addText('locations.json', [
    `${JSON.stringify(
      locations.map((l) => ({
        id: l.id,
        location_id: l.externalId,
        name: l.name,
        street: l.street,
        city: l.city,
        state: l.state,
        zipcode: l.zipcode,
        country: l.country,
        active: l.active,
        created_at: iso(l.createdAt),
      })),
      null,
      2,
    )}\n`,
  ]);

  await zip.addText(
    'jobs.csv',
    (async function* () {
      yield `\uFEFF${csvLine(['Job ID', 'CRM Job ID', 'Status', 'Revenue', 'Technician', 'Location', 'Completed At', 'Created At'])}`;
      for await (const rows of pages((after, limit) =>
        repo.jobsPage(companyId, customer.id, after, limit),
      )) {
        counts.jobs += rows.length;
        yield rows
          .map((j) =>
            csvLine([
              j.jobNumber,
              j.externalId,
              j.status,
              j.revenue,
              j.technicianName,
              j.locationId,
              iso(j.completedAt),
              iso(j.createdAt),
            ]),
          )
          .join('');
      }
    })(),
  );

  const readInteractions = (after: string | null, limit: number) =>
    repo.interactionsPage(companyId, customer.id, after, limit);

  await zip.addText(
    'interactions.csv',
    (async function* () {
      yield `\uFEFF${csvLine(['Interaction ID', 'Type', 'Call Type', 'Status', 'Job ID', 'Recorded By', 'Agent', 'Started At', 'Duration (s)', 'Transcript Status', 'Audio File', 'Consent Method', 'Consent Confirmed By', 'Consent Confirmed At', 'Notice Version'])}`;
      for await (const rows of pages(readInteractions)) {
        counts.interactions += rows.length;
        yield rows
          .map((i) =>
            csvLine([
              i.number,
              i.type,
              i.callType,
              i.status,
              i.jobNumber,
              i.recordedBy,
              i.agentName,
              iso(i.startedAt),
              i.durationSeconds,
              i.transcriptStatus,
              i.audioKey && !i.audioDeletedAt ? audioName(i) : null,
              i.consent?.method,
              i.consent?.confirmedByName,
              iso(i.consent?.confirmedAt),
              i.consent?.noticeVersion,
            ]),
          )
          .join('');
      }
    })(),
  );

  await zip.addText(
    'interactions.json',
    jsonArray(
      (async function* () {
        for await (const rows of pages(readInteractions)) {
          const segments = await repo.segmentsOf(rows.map((r) => r.id));
          yield rows.map((i) => ({
            interaction_id: i.number,
            type: i.type,
            call_type: i.callType,
            status: i.status,
            job_id: i.jobNumber,
            recorded_by: i.recordedBy,
            agent_name: i.agentName,
            started_at: iso(i.startedAt),
            duration_seconds: i.durationSeconds,
            transcript: i.transcriptText,
            segments: segments
              .filter((s) => s.interactionId === i.id)
              .map((s) => ({
                start_seconds: s.startSeconds,
                end_seconds: s.endSeconds,
                speaker: s.speaker,
                text: s.text,
              })),
            consent: toRecordingConsent(i.consent),
            audio_file: i.audioKey && !i.audioDeletedAt ? audioName(i) : null,
            audio_deleted_at: iso(i.audioDeletedAt),
            transcript_deleted_at: iso(i.transcriptDeletedAt),
          }));
        }
      })(),
    ),
  );

  await zip.addText(
    'bot_results.json',
    jsonArray(
      (async function* () {
        for await (const rows of pages((after, limit) =>
          repo.botResultsPage(companyId, customer.id, after, limit),
        )) {
          counts.bot_results += rows.length;
          yield rows.map((r) => ({
            bot: r.bot_name,
            target: r.target_type,
            interaction_id: r.interaction_number,
            status: r.status,
            output_tags: r.output_tags,
            response_tags: r.response_tags,
            started_at: iso(r.started_at),
            finished_at: iso(r.finished_at),
          }));
        }
      })(),
    ),
  );

  // Audio last, one file at a time, each streamed from storage straight into the archive.
  for await (const rows of pages(readInteractions)) {
    for (const row of rows) {
      if (!row.audioKey || row.audioDeletedAt) continue;
      const object = await storage.get(row.audioKey);
      if (!object) continue;
      await zip.addStream(audioName(row), object.body);
      counts.audio_files += 1;
    }
  }
  return counts;
}
