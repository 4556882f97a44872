import type { ConsentMethod } from '@fieldbot/shared';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  customers,
  interactionCounters,
  interactions,
  jobs,
  recordingConsents,
  uploadedFiles,
} from '../../db/schema/index.js';
import {
  customerInScope,
  interactionOfTechnician,
  type ViewerScope,
} from '../../lib/viewer-scope.js';

/** Every query is scoped by ViewerScope: the caller's company, and a technician's own jobs. */
export type RecordingsRepo = ReturnType<typeof createRecordingsRepo>;

/** Job statuses after which a visit can no longer be recorded against the job. */
const CLOSED_JOB_STATUSES = ['completed', 'cancelled', 'canceled'];

const recordingColumns = {
  id: interactions.id,
  number: interactions.number,
  type: interactions.type,
  status: interactions.status,
  audioMergeStatus: interactions.audioMergeStatus,
};

export interface NewRecording {
  companyId: string;
  customerId: string;
  jobId: string | null;
  recordedById: string;
  startedAt: Date;
  sourceKeys: string[];
}

/** What decides, when a recording is filed, whether it may be and which consent it needs. */
export interface RecordingPermission {
  /** The company's consent method at this moment. */
  consentMethod: ConsentMethod;
  /** The customer asked not to be recorded. */
  doNotRecord: boolean;
}

/** The consent record kept with a new recording; its time is the database's clock. */
export interface NewRecordingConsent {
  method: ConsentMethod;
  confirmedById: string | null;
  confirmedByName: string | null;
  noticeVersion: string | null;
}

/** The recording whose first chunk is `firstKey`. Keys are per uploader, so it is theirs. */
function findByFirstChunk(db: Db, recordedById: string, firstKey: string) {
  return db
    .select(recordingColumns)
    .from(interactions)
    .where(
      and(
        // interactions_recorded_by_idx: only this user's interactions are read.
        eq(interactions.recordedById, recordedById),
        eq(interactions.type, 'field-recording'),
        sql`${interactions.sourceKeys}[1] = ${firstKey}`,
      ),
    )
    .limit(1);
}

/** More open jobs at one customer than anyone picks from; the newest are listed. */
const OPEN_JOBS_LIMIT = 100;

/** Jobs at a customer not closed yet; a technician's scope keeps only their own. */
function openJobsOf(db: Db, scope: ViewerScope, customerId: string) {
  return db
    .select({
      id: jobs.id,
      job_number: jobs.jobNumber,
      status: jobs.status,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, scope.companyId),
        eq(jobs.customerId, customerId),
        scope.technicianId ? eq(jobs.technicianId, scope.technicianId) : undefined,
        notInArray(jobs.status, CLOSED_JOB_STATUSES),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
}

export type RecordingRow = Awaited<ReturnType<typeof findByFirstChunk>>[number];

export function createRecordingsRepo(db: Db) {
  return {
    /** Of `keys`, those `userId` was handed out by POST /api/data/pre-signed-url for recordings. */
    async ownedRecordingUploads(userId: string, keys: string[]): Promise<Set<string>> {
      const owned = new Set<string>();
      // Bounded lists: a 24-hour visit has up to 20,000 chunks.
      for (let i = 0; i < keys.length; i += 1000) {
        const rows = await db
          .select({ path: uploadedFiles.path })
          .from(uploadedFiles)
          .where(
            and(
              eq(uploadedFiles.userId, userId),
              eq(uploadedFiles.folder, 'recordings'),
              inArray(uploadedFiles.path, keys.slice(i, i + 1000)),
            ),
          );
        for (const row of rows) owned.add(row.path);
      }
      return owned;
    },

    async recordingByFirstChunk(
      recordedById: string,
      firstKey: string,
    ): Promise<RecordingRow | null> {
      const [row] = await findByFirstChunk(db, recordedById, firstKey);
      return row ?? null;
    },

    async visibleCustomer(scope: ViewerScope, customerId: string) {
      const [row] = await db
        .select({ id: customers.id, doNotRecord: customers.doNotRecord })
        .from(customers)
        .where(customerInScope(db, scope, customerId))
        .limit(1);
      return row ?? null;
    },

    async visibleJob(scope: ViewerScope, jobId: string) {
      const [row] = await db
        .select({ id: jobs.id, customerId: jobs.customerId, doNotRecord: customers.doNotRecord })
        .from(jobs)
        .innerJoin(customers, eq(customers.id, jobs.customerId))
        .where(
          and(
            eq(jobs.id, jobId),
            eq(jobs.companyId, scope.companyId),
            scope.technicianId ? eq(jobs.technicianId, scope.technicianId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The user's most recent job for the customer that is still open (the visit being recorded). */
    async latestOpenJob(companyId: string, customerId: string, technicianId: string) {
      const [row] = await openJobsOf(db, { companyId, technicianId }, customerId).limit(1);
      return row ?? null;
    },

    /** The open jobs of a visible customer a recording may be linked to, newest first. */
    openJobs(scope: ViewerScope, customerId: string) {
      return openJobsOf(db, scope, customerId).limit(OPEN_JOBS_LIMIT);
    },

    /**
     * Creates the recording unless one with the same first chunk exists (a repeated POST), in one
     * transaction under an advisory lock on that chunk, so two racing requests create one row.
     * `consentFor` sees the company's consent method and the customer's do-not-record mark as they
     * are now (the customer row locked against a change until commit) and returns the consent
     * record, or throws and nothing is written.
     */
    async createRecording(
      recording: NewRecording,
      consentFor: (permission: RecordingPermission) => NewRecordingConsent,
    ): Promise<RecordingRow> {
      return db.transaction(async (tx) => {
        const firstKey = recording.sourceKeys[0]!;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recording:${firstKey}`}))`);
        const [existing] = await findByFirstChunk(tx, recording.recordedById, firstKey);
        if (existing) return existing;

        const [customer] = await tx
          .select({ doNotRecord: customers.doNotRecord })
          .from(customers)
          .where(
            and(
              eq(customers.id, recording.customerId),
              eq(customers.companyId, recording.companyId),
            ),
          )
          .for('share');
        const [company] = await tx
          .select({ consentMethod: companies.consentMethod })
          .from(companies)
          .where(eq(companies.id, recording.companyId));
        const consent = consentFor({
          consentMethod: company!.consentMethod,
          doNotRecord: customer!.doNotRecord,
        });

        let number = await nextRecordingNumber(tx, recording.companyId);
        // Skip numbers taken outside the counter (imports); each check is one index lookup.
        while (await numberTaken(tx, recording.companyId, number)) {
          number = await nextRecordingNumber(tx, recording.companyId);
        }
        const [row] = await tx
          .insert(interactions)
          .values({
            companyId: recording.companyId,
            customerId: recording.customerId,
            jobId: recording.jobId,
            number,
            type: 'field-recording',
            status: 'in-progress',
            recordedById: recording.recordedById,
            startedAt: recording.startedAt,
            sourceKeys: recording.sourceKeys,
            audioMergeStatus: 'in-progress',
          })
          .returning(recordingColumns);
        await tx.insert(recordingConsents).values({
          interactionId: row!.id,
          companyId: recording.companyId,
          ...consent,
          confirmedAt: sql`now()`,
        });
        return row!;
      });
    },

    /** The CSR calls among `ids` the scope may see. */
    async visibleCalls(scope: ViewerScope, ids: string[]) {
      return db
        .select({ id: interactions.id })
        .from(interactions)
        .leftJoin(jobs, eq(jobs.id, interactions.jobId))
        .where(
          and(
            inArray(interactions.id, ids),
            eq(interactions.companyId, scope.companyId),
            eq(interactions.type, 'csr-call'),
            scope.technicianId
              ? interactionOfTechnician(db, scope.technicianId, {
                  jobTechnician: jobs.technicianId,
                })
              : undefined,
          ),
        );
    },

    /** Starts (again) the download of calls: everything after the download is redone too. */
    async startCallDownloads(ids: string[]) {
      await db
        .update(interactions)
        .set({
          downloadStatus: 'in-progress',
          status: 'in-progress',
          audioMergeStatus: null,
          audioMergeErrorMessage: null,
          transcriptStatus: null,
          transcriptErrorMessage: null,
          updatedAt: sql`now()`,
        })
        .where(inArray(interactions.id, ids));
    },
  };
}

/** R-000001, R-000002… per company: the counter row is locked by the UPDATE until commit. */
async function nextRecordingNumber(db: Db, companyId: string): Promise<string> {
  const [bumped] = await db
    .update(interactionCounters)
    .set({ lastRecordingNumber: sql`${interactionCounters.lastRecordingNumber} + 1` })
    .where(eq(interactionCounters.companyId, companyId))
    .returning({ n: interactionCounters.lastRecordingNumber });
  if (bumped) return formatRecordingNumber(bumped.n);
  // The company's first recording through the API: continue after the highest R- number already
  // there (demo data), read once.
  const [highest] = await db
    .select({
      n: sql<string | number>`coalesce(max(substring(${interactions.number} from 3)::bigint), 0)`,
    })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), sql`${interactions.number} ~ '^R-[0-9]+$'`));
  const [created] = await db
    .insert(interactionCounters)
    .values({ companyId, lastRecordingNumber: Number(highest?.n ?? 0) + 1 })
    .onConflictDoUpdate({
      target: interactionCounters.companyId,
      set: { lastRecordingNumber: sql`${interactionCounters.lastRecordingNumber} + 1` },
    })
    .returning({ n: interactionCounters.lastRecordingNumber });
  return formatRecordingNumber(created!.n);
}

async function numberTaken(db: Db, companyId: string, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: interactions.id })
    .from(interactions)
    .where(and(eq(interactions.companyId, companyId), eq(interactions.number, number)))
    .limit(1);
  return row !== undefined;
}

export const formatRecordingNumber = (n: number) => `R-${String(n).padStart(6, '0')}`;
