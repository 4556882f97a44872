import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CallType, CustomerType, InteractionType } from '@fieldbot/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  audioAssets,
  customers,
  interactions,
  jobs,
  recordingConsents,
  transcriptSegments,
  usageRecords,
  users,
} from '../db/schema/index.js';
import { DEMO_AUDIO_DIR, demoClipKey, type DemoClip } from '../lib/demo-clips.js';
import { FIRST_NAMES, LAST_NAMES } from '../lib/demo-names.js';
import { random } from '../lib/demo-random.js';
import type { StorageProvider } from '../providers/storage/index.js';

/**
 * Demo customers, jobs and interactions for the two demo companies.
 *
 * Everything is generated from a fixed pseudo-random seed, so every installation gets the same
 * names, numbers and states; only the dates move with the day the demo is loaded (the last 90 days).
 * Per company: 40 customers (Residential and Commercial, some inactive, some without jobs), about
 * 90 jobs spread over the company's field technicians, and 150 interactions in every state of
 * spec §4. Customer C-10001 (Acme) / C-50001 (Globex) is a property manager with many
 * interactions, so its table pages; its newest interaction is a completed field recording of the
 * longest clip. Completed interactions share the ten real-speech clips of lib/demo-audio/ (see
 * lib/demo-clips.ts), stored once through the storage provider under `demo-audio/<file>`; their
 * transcripts and waveform peaks come from lib/demo-audio/clips.json.
 * CSR calls point at `storage:demo-audio/<file>`, so Re Download works offline.
 */

/** Puts the ten clips into storage (overwriting: they are the same bytes on every run). */
export async function storeDemoClips(storage: StorageProvider, clips: DemoClip[]): Promise<void> {
  await Promise.all(
    clips.map(async (clip) =>
      storage.put(
        demoClipKey(clip),
        await readFile(path.join(DEMO_AUDIO_DIR, clip.file)),
        clip.content_type,
      ),
    ),
  );
}

export interface DemoCompany {
  id: string;
  trade: DemoClip['trade'];
  /** Field technicians (user ids), the demo technician first where there is one. */
  technicianIds: string[];
  /** First numbers: customers C-<n>, jobs J-<n>, CSR calls CSR-<n>. */
  customerBase: number;
  jobBase: number;
  callBase: number;
  commercialNames: string[];
  /** Fixed seed of the generator; each company has its own. */
  seed: number;
}

/** Recordings are numbered R-000101 upwards per company; new ones continue after the highest. */
export const DEMO_FIRST_RECORDING = 101;
export const DEMO_CUSTOMERS_PER_COMPANY = 40;
export const DEMO_INTERACTIONS_PER_COMPANY = 150;
/** Interactions of the first customer (the property manager): eight pages of ten. */
const BIG_CUSTOMER_INTERACTIONS = 72;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The states of spec §4 and how many interactions of each a company gets (150 in all). */
const PLAN = [
  { kind: 'recording-completed', count: 70 },
  { kind: 'recording-merge-error', count: 2 },
  { kind: 'recording-transcript-error', count: 2 },
  { kind: 'recording-merging', count: 8 },
  { kind: 'recording-paused', count: 6 },
  { kind: 'call-completed', count: 40 },
  { kind: 'call-terminated', count: 3 },
  { kind: 'call-download-error', count: 7 },
  { kind: 'call-downloading', count: 6 },
  { kind: 'call-processing', count: 6 },
] as const;
type Kind = (typeof PLAN)[number]['kind'];

const MERGE_ERROR_MESSAGE =
  'The recording could not be processed: the uploaded audio is empty or damaged.';
const NO_STT_MESSAGE = 'No transcription service configured';

const JOB_STATUSES = ['scheduled', 'dispatched', 'in-progress'] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Working hours (13:00–23:00 UTC, daytime in the US) on a day `daysAgo` before `now`. */
function workingTime(rand: ReturnType<typeof random>, now: Date, daysAgo: number): Date {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(13 + rand.int(0, 9), rand.int(0, 59), rand.int(0, 59), 0);
  // Never in the future, nor in the last 5 minutes (the featured recording is 3 minutes old).
  const latest = now.getTime() - 5 * 60_000;
  return day.getTime() > latest ? new Date(latest - rand.int(0, 115) * 60_000) : day;
}

/**
 * Inserts one company's customers, jobs, interactions, audio assets, segments and usage rows.
 * Runs inside the seed's transaction; a handful of multi-row INSERTs.
 */
export async function seedCompanyInteractions(
  db: Db,
  company: DemoCompany,
  clips: DemoClip[],
  now: Date,
): Promise<void> {
  const rand = random(company.seed);
  const clipsOf = (type: InteractionType, callType: CallType | null) =>
    clips.filter(
      (c) =>
        c.trade === company.trade &&
        c.type === type &&
        (type === 'field-recording' || c.call_type === callType),
    );

  // Customers: 12 commercial, 28 residential with distinct names; every seventh inactive.
  const names = new Set<string>();
  const residential: string[] = [];
  while (residential.length < DEMO_CUSTOMERS_PER_COMPANY - company.commercialNames.length) {
    const name = `${rand.pick(FIRST_NAMES)} ${rand.pick(LAST_NAMES)}`;
    if (names.has(name)) continue;
    names.add(name);
    residential.push(name);
  }
  const [bigCustomer, ...otherCommercial] = company.commercialNames;
  const ordered: { name: string; type: CustomerType }[] = rand.shuffle([
    ...otherCommercial.map((name) => ({ name, type: 'Commercial' as const })),
    ...residential.map((name) => ({ name, type: 'Residential' as const })),
  ]);
  ordered.unshift({ name: bigCustomer!, type: 'Commercial' });
  const customerRows = await db
    .insert(customers)
    .values(
      ordered.map((c, i) => ({
        companyId: company.id,
        externalId: `C-${company.customerBase + i}`,
        name: c.name,
        type: c.type,
        active: i === 0 || i % 7 !== 3,
        createdAt: new Date(now.getTime() - rand.int(100, 720) * DAY_MS),
      })),
    )
    .returning({ id: customers.id, active: customers.active, createdAt: customers.createdAt });

  // Jobs: each customer has a main technician; four customers have none yet. The big customer
  // has jobs for every technician.
  const jobValues: (typeof jobs.$inferInsert)[] = [];
  const techs = company.technicianIds;
  customerRows.forEach((customer, index) => {
    const count = index === 0 ? 12 : index % 10 === 9 ? 0 : rand.int(1, customer.active ? 3 : 1);
    const mainTech = techs[index % techs.length]!;
    for (let j = 0; j < count; j++) {
      const technicianId =
        index === 0 ? techs[j % techs.length]! : rand.next() < 0.85 ? mainTech : rand.pick(techs);
      // The newest job of an active customer may still be open; older ones are done. The big
      // customer also has two open jobs per technician, so a visit recorded there asks which job it
      // belongs to. (The random draws stay the same as before, and so does the rest of the data.)
      const newest = customer.active && j === count - 1;
      const naturallyOpen = newest && rand.next() < 0.3;
      const keptOpen = !naturallyOpen && index === 0 && j >= count - 2 * techs.length;
      const open = naturallyOpen || keptOpen;
      const createdAt = new Date(now.getTime() - rand.int(2, 95) * DAY_MS);
      // Revenue: mostly typical tickets, some $0 (warranty) and the odd replacement over $10,000.
      const roll = rand.next();
      const revenue = open
        ? null
        : roll < 0.1
          ? '0.00'
          : roll > 0.96
            ? `${rand.int(10_500, 16_000)}.00`
            : `${rand.int(89, 4_800)}.${pad(rand.int(0, 99), 2)}`;
      jobValues.push({
        companyId: company.id,
        customerId: customer.id,
        jobNumber: `J-${company.jobBase + jobValues.length}`,
        technicianId,
        status: naturallyOpen ? rand.pick(JOB_STATUSES) : keptOpen ? 'scheduled' : 'completed',
        revenue,
        completedAt: open ? null : new Date(createdAt.getTime() + rand.int(1, 6) * 60 * 60 * 1000),
        createdAt,
      });
    }
  });
  const jobRows = await db
    .insert(jobs)
    .values(jobValues)
    .returning({ id: jobs.id, customerId: jobs.customerId, technicianId: jobs.technicianId });
  const jobsOf = new Map<string, typeof jobRows>();
  for (const job of jobRows)
    jobsOf.set(job.customerId, [...(jobsOf.get(job.customerId) ?? []), job]);

  // Interactions: the plan's states in a shuffled order; the first 72 belong to the big customer.
  const kinds: Kind[] = rand.shuffle(PLAN.flatMap((p) => Array<Kind>(p.count).fill(p.kind)));
  // The big customer's newest interaction is a completed recording of the longest clip.
  const featured = kinds.indexOf('recording-completed');
  [kinds[0], kinds[featured]] = [kinds[featured]!, kinds[0]!];
  const withJobs = customerRows.filter((c, i) => i > 0 && jobsOf.has(c.id));
  const withoutJobs = customerRows.filter((c) => !jobsOf.has(c.id));
  let recordingNumber = DEMO_FIRST_RECORDING;
  let callNumber = company.callBase;

  const rows = kinds.map((kind, index) => {
    const recording = kind.startsWith('recording-');
    const type: InteractionType = recording ? 'field-recording' : 'csr-call';
    // A call may come from a prospect with no job yet; recordings always belong to a job.
    const customer =
      index < BIG_CUSTOMER_INTERACTIONS
        ? customerRows[0]!
        : !recording && withoutJobs.length > 0 && rand.next() < 0.15
          ? rand.pick(withoutJobs)
          : rand.pick(withJobs);
    const customerJobs = jobsOf.get(customer.id) ?? [];
    const job = customerJobs.length > 0 ? rand.pick(customerJobs) : null;
    const callType: CallType | null = recording
      ? null
      : kind === 'call-terminated'
        ? 'Unbooked'
        : job && rand.next() < 0.65
          ? 'Booked'
          : 'Unbooked';
    const pool = clipsOf(type, callType);
    const clip =
      index === 0 ? pool.reduce((a, b) => (b.duration > a.duration ? b : a)) : rand.pick(pool);
    // Unfinished work is recent; finished work spreads over the last 90 days (index 0 newest).
    const unfinished = ![
      'recording-completed',
      'recording-merge-error',
      'recording-transcript-error',
      'call-completed',
      'call-terminated',
    ].includes(kind);
    const startedAt =
      index === 0
        ? new Date(now.getTime() - 3 * 60_000)
        : workingTime(
            rand,
            now,
            unfinished && kind !== 'call-download-error' ? rand.int(0, 1) : rand.int(1, 89),
          );
    const hasAudio = [
      'recording-completed',
      'recording-transcript-error',
      'call-completed',
      'call-terminated',
    ].includes(kind);
    const hasTranscript = hasAudio && kind !== 'recording-transcript-error';
    const status =
      kind === 'recording-paused'
        ? ('paused' as const)
        : kind === 'call-terminated'
          ? ('terminated' as const)
          : unfinished
            ? ('in-progress' as const)
            : ('completed' as const);
    const downloadStatus = recording
      ? null
      : kind === 'call-download-error'
        ? ('error' as const)
        : kind === 'call-downloading'
          ? ('in-progress' as const)
          : kind === 'call-processing'
            ? null
            : ('completed' as const);
    const value: typeof interactions.$inferInsert = {
      companyId: company.id,
      customerId: customer.id,
      jobId: job?.id ?? null,
      number: recording ? `R-${pad(recordingNumber++, 6)}` : `CSR-${callNumber++}`,
      type,
      callType,
      status,
      downloadStatus,
      recordedById: recording ? (job?.technicianId ?? null) : null,
      startedAt,
      durationSeconds: hasAudio ? clip.duration : null,
      // Recordings: the chunks uploaded so far (one per clip here). Calls: where the CRM serves them.
      sourceKeys: recording ? [demoClipKey(clip)] : [],
      sourceUrl: recording ? null : `storage:${demoClipKey(clip)}`,
      audioMergeStatus:
        kind === 'recording-merging'
          ? 'in-progress'
          : kind === 'recording-merge-error'
            ? 'error'
            : hasAudio
              ? 'completed'
              : null,
      audioMergeErrorMessage: kind === 'recording-merge-error' ? MERGE_ERROR_MESSAGE : null,
      transcriptStatus: hasTranscript
        ? 'completed'
        : kind === 'recording-transcript-error'
          ? 'error'
          : null,
      transcriptErrorMessage: kind === 'recording-transcript-error' ? NO_STT_MESSAGE : null,
      transcriptText: hasTranscript ? clip.segments.map((s) => s.text).join(' ') : null,
      createdAt: startedAt,
      updatedAt: startedAt,
    };
    return { value, clip, hasAudio, hasTranscript };
  });

  const inserted = await db
    .insert(interactions)
    .values(rows.map((r) => r.value))
    .returning({ id: interactions.id });

  // Each visit's consent record: its technician confirmed the customer agreed (the default method).
  const recorded = rows.flatMap(({ value }, i) =>
    value.recordedById ? [{ id: inserted[i]!.id, value, by: value.recordedById }] : [],
  );
  const byIds = [...new Set(recorded.map((r) => r.by))];
  const techNames = new Map(
    (byIds.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, byIds))
    ).map((u) => [u.id, u.name]),
  );
  if (recorded.length > 0) {
    await db.insert(recordingConsents).values(
      recorded.map(({ id, value, by }) => ({
        interactionId: id,
        companyId: company.id,
        method: 'confirmation' as const,
        confirmedById: by,
        confirmedByName: techNames.get(by) ?? null,
        confirmedAt: value.startedAt!,
      })),
    );
  }

  const assets: (typeof audioAssets.$inferInsert)[] = [];
  const segments: (typeof transcriptSegments.$inferInsert)[] = [];
  const usage: (typeof usageRecords.$inferInsert)[] = [];
  rows.forEach(({ value, clip, hasAudio, hasTranscript }, i) => {
    if (!hasAudio) return;
    const media = clipMedia(company.id, inserted[i]!.id, clip, value.startedAt!, hasTranscript);
    assets.push(media.asset);
    usage.push(media.usage);
    segments.push(...media.segments);
  });
  await db.insert(audioAssets).values(assets);
  await db.insert(transcriptSegments).values(segments);
  await db.insert(usageRecords).values(usage);
}

/** The stored audio, metered minutes and (optionally) transcript of an interaction made of a clip. */
export function clipMedia(
  companyId: string,
  interactionId: string,
  clip: DemoClip,
  at: Date,
  withTranscript: boolean,
) {
  return {
    asset: {
      interactionId,
      storageKey: demoClipKey(clip),
      contentType: clip.content_type,
      format: clip.format,
      durationSeconds: clip.duration,
      sizeBytes: clip.size_bytes,
      peaks: clip.peaks,
      createdAt: at,
    } satisfies typeof audioAssets.$inferInsert,
    usage: {
      companyId,
      interactionId,
      seconds: clip.duration,
      recordedAt: at,
    } satisfies typeof usageRecords.$inferInsert,
    segments: (withTranscript ? clip.segments : []).map(
      (s, position) =>
        ({
          interactionId,
          position,
          startSeconds: s.start,
          endSeconds: s.end,
          speaker: s.speaker,
          text: s.text,
        }) satisfies typeof transcriptSegments.$inferInsert,
    ),
  };
}
