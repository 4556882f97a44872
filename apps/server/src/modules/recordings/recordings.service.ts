import {
  CONSENT_MESSAGES,
  INTERACTION_MESSAGES,
  MESSAGES,
  consentMethodUsed,
  consentRequirement,
  missingConsent,
  type CallDownloadBody,
  type CreateRecordingBody,
  type OpenJob,
  type User,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type {
  NewRecordingConsent,
  RecordingPermission,
  RecordingRow,
  RecordingsRepo,
} from './recordings.repo.js';

export type RecordingsService = ReturnType<typeof createRecordingsService>;

/**
 * What the app queues of the interaction pipeline (jobs/pipeline.ts implements it over pg-boss);
 * the other steps are queued by the pipeline itself.
 */
export interface PipelineQueue {
  /**
   * Merges a new recording's chunks. The job id is the interaction id, so asking again while the
   * job exists (a client repeating its POST) queues nothing new.
   */
  mergeRecording(interactionId: string): Promise<void>;
  /**
   * Downloads a CSR call's recording. With a job id (the CRM sync's, one per call), queueing the
   * same call again while that job exists adds nothing; without, each call is a fresh job.
   */
  downloadCall(interactionId: string, jobId?: string): Promise<void>;
}

export interface RecordingsServiceDeps {
  repo: RecordingsRepo;
  storage: Pick<StorageProvider, 'keyFromUrl'>;
  pipeline: PipelineQueue;
}

const toResponse = (row: RecordingRow) => ({
  id: row.id,
  interaction_id: row.number,
  type: row.type,
  status: row.status,
});

/**
 * The consent record of a recording `user` files now, or the 422 that refuses it: a customer who
 * asked not to be recorded is never recorded, and the consent must be what the company's method
 * asks for at this moment.
 */
function consentRecord(
  user: User,
  body: CreateRecordingBody,
  { consentMethod, doNotRecord }: RecordingPermission,
): NewRecordingConsent {
  if (doNotRecord) {
    throw fieldError(body.job_id ? 'job_id' : 'customer_id', CONSENT_MESSAGES.doNotRecord);
  }
  const missing = missingConsent(consentMethod, body.consent);
  if (missing) throw fieldError(missing.field, missing.message);
  const source = body.consent?.source ?? 'recorder';
  const confirmed = consentRequirement(consentMethod, source).confirmation;
  return {
    method: consentMethodUsed(consentMethod, source),
    // The name is kept as text: the record still says who confirmed after the user is deleted.
    confirmedById: confirmed ? user.id : null,
    confirmedByName: confirmed ? user.name : null,
    noticeVersion:
      source === 'recorder' && body.consent?.notice_played
        ? (body.consent.notice_version ?? null)
        : null,
  };
}

export function createRecordingsService({ repo, storage, pipeline }: RecordingsServiceDeps) {
  return {
    /**
     * POST /api/company/recordings: the chunks a user uploaded become a field recording, in
     * progress until the pipeline has merged and transcribed it, with its consent record. Repeating
     * the request (same first chunk) answers the same interaction, and queues its merge again if it
     * never started, so a client that lost the answer or crashed simply sends it again. A customer
     * marked do-not-record, or consent short of the company's method: 422 and nothing is filed
     * (a visit recorded before the mark was set included: the mark wins when it is saved).
     */
    async create(user: User, body: CreateRecordingBody) {
      const scope = viewerScope(user);
      const keys = body.file_urls.map((url) => storage.keyFromUrl(url));
      const invalid = () => fieldError('file_urls', MESSAGES.invalidValue);
      if (keys.some((key) => key === null)) throw invalid();
      const chunkKeys = keys as string[];
      if (new Set(chunkKeys).size !== chunkKeys.length) throw invalid();
      const owned = await repo.ownedRecordingUploads(user.id, chunkKeys);
      if (chunkKeys.some((key) => !owned.has(key))) throw invalid();

      const existing = await repo.recordingByFirstChunk(user.id, chunkKeys[0]!);
      if (existing) {
        if (existing.audioMergeStatus === 'in-progress') await pipeline.mergeRecording(existing.id);
        return toResponse(existing);
      }

      let customerId: string;
      let jobId: string | null;
      if (body.job_id) {
        const job = await repo.visibleJob(scope, body.job_id);
        if (!job) throw notFound();
        if (job.doNotRecord) throw fieldError('job_id', CONSENT_MESSAGES.doNotRecord);
        customerId = job.customerId;
        jobId = job.id;
      } else {
        const customer = await repo.visibleCustomer(scope, body.customer_id!);
        if (!customer) throw notFound();
        if (customer.doNotRecord) throw fieldError('customer_id', CONSENT_MESSAGES.doNotRecord);
        customerId = customer.id;
        // A technician recording at a customer's is on their open job there, if there is one;
        // with several, the recorder asks which (open-jobs) and sends job_id instead.
        jobId = (await repo.latestOpenJob(scope.companyId, customer.id, user.id))?.id ?? null;
      }

      const row = await repo.createRecording(
        {
          companyId: scope.companyId,
          customerId,
          jobId,
          recordedById: user.id,
          startedAt: new Date(body.started_at),
          sourceKeys: chunkKeys,
        },
        (permission) => consentRecord(user, body, permission),
      );
      await pipeline.mergeRecording(row.id);
      return toResponse(row);
    },

    /** GET /api/company/customer/{id}/open-jobs: 404 for a customer outside the caller's scope. */
    async openJobs(user: User, customerId: string): Promise<OpenJob[]> {
      const scope = viewerScope(user);
      if (!(await repo.visibleCustomer(scope, customerId))) throw notFound();
      const rows = await repo.openJobs(scope, customerId);
      return rows.map(({ createdAt, ...job }) => ({ ...job, created_at: createdAt.toISOString() }));
    },

    /**
     * POST /api/company/call/download: (re-)downloads CSR call recordings from the CRM. All or
     * nothing: one id the caller may not see and nothing changes (404).
     */
    async downloadCalls(user: User, body: CallDownloadBody) {
      const scope = viewerScope(user);
      if (body.company_id !== scope.companyId) throw notFound();
      const ids = [...new Set(body.call_ids)];
      const visible = await repo.visibleCalls(scope, ids);
      if (visible.length !== ids.length) throw notFound();
      await repo.startCallDownloads(ids);
      for (const id of ids) await pipeline.downloadCall(id);
      return { message: INTERACTION_MESSAGES.callDownloadStarted };
    },
  };
}
