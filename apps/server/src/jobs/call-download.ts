import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CrmConnector } from '../modules/crm-sync/index.js';
import { CrmError, type CrmRecording } from '../providers/crm/crm-provider.js';
import type { StorageProvider } from '../providers/storage/index.js';
import type { PipelineRepo } from '../modules/interactions/index.js';
import {
  PipelineError,
  type PipelineDeps,
  type PipelineSender,
  type PipelineStepHandler,
} from './pipeline.js';

/** `storage:<key>`: a recording already in our storage (demo data; CRMs that push files to us). */
export const STORAGE_SOURCE_PREFIX = 'storage:';

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
};
const AUDIO_EXTENSION = /^\.(mp3|wav|ogg|oga|opus|webm|m4a|mp4|aac|flac)$/i;

function extensionFor(url: URL | null, contentType: string): string {
  const fromType = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()];
  if (fromType) return fromType;
  const fromPath = url ? path.extname(url.pathname) : '';
  // ffmpeg reads the content, not the name; the extension only helps people looking at storage.
  return AUDIO_EXTENSION.test(fromPath) ? fromPath.slice(1).toLowerCase() : 'bin';
}

/** A synced call's recording, through its integration's provider (with the company's credentials). */
async function downloadFromCrm(
  crm: CrmConnector,
  companyIntegrationId: string,
  recordingRef: string,
  signal: AbortSignal,
): Promise<CrmRecording> {
  try {
    const { connection } = await crm.connect(companyIntegrationId);
    return await connection.downloadRecording(recordingRef, signal);
  } catch (error) {
    if (error instanceof CrmError) throw new PipelineError(error.message, error.retryable);
    throw error;
  }
}

/** Streams a recording into storage; a stream cut short by the timeout says so. */
async function saveRecording(
  storage: StorageProvider,
  key: string,
  recording: CrmRecording,
  timeout: AbortSignal,
): Promise<void> {
  try {
    await storage.put(key, recording.body, recording.contentType);
  } catch {
    throw new PipelineError(
      timeout.aborted
        ? 'The CRM did not send the call recording in time.'
        : 'The call recording could not be saved.',
      true,
    );
  }
}

/**
 * call-download {interactionId}: fetches a CSR call's recording from its source_url (an http(s)
 * URL of the CRM, `storage:<key>`, or, for a call synced from a CRM integration, the provider's
 * recording reference), keeps it as the call's one chunk, and queues the audio merge.
 * download_status is 'completed' once the file is ours; the merge and transcript statuses follow.
 */
export function createCallDownloadStep(
  deps: PipelineDeps,
  repo: PipelineRepo,
  queue: Pick<PipelineSender, 'merge'>,
  crm?: CrmConnector,
): PipelineStepHandler {
  const { storage, config } = deps;
  // A CRM-synced call merges in its company's turn, so one sync's backlog holds no one else's.
  const mergeInTurn = async (row: {
    id: string;
    companyId: string;
    sourceIntegrationId: string | null;
  }) =>
    queue.merge(
      row.id,
      row.sourceIntegrationId === null
        ? undefined
        : { turn: await repo.syncedCallsMerging(row.companyId) },
    );
  return {
    fallbackMessage: 'The call recording could not be downloaded.',
    expiredMessage: 'The call recording took too long to download.',
    fail: (id) => repo.failDownload(id),

    async run(interactionId, signal) {
      const row = await repo.load(interactionId);
      if (!row || row.type !== 'csr-call') return;
      if (row.downloadStatus === 'completed') {
        // A re-run after the download was recorded: only make sure the merge was queued.
        if (row.audioMergeStatus === 'in-progress') await mergeInTurn(row);
        return;
      }
      if (row.downloadStatus !== 'in-progress') return;
      const source = row.sourceUrl;
      if (!source) throw new PipelineError('The call has no recording to download.', false);

      let key: string;
      if (source.startsWith(STORAGE_SOURCE_PREFIX)) {
        key = source.slice(STORAGE_SOURCE_PREFIX.length);
        if (!(await storage.get(key))) {
          throw new PipelineError('The call recording is missing from storage.', false);
        }
      } else if (row.sourceIntegrationId && crm) {
        const timeout = AbortSignal.timeout(config.callDownloadTimeoutMs);
        const recording = await downloadFromCrm(
          crm,
          row.sourceIntegrationId,
          source,
          AbortSignal.any([signal, timeout]),
        );
        key = `calls/${row.companyId}/${row.id}.${extensionFor(null, recording.contentType)}`;
        await saveRecording(storage, key, recording, timeout);
      } else {
        let url: URL;
        try {
          url = new URL(source);
        } catch {
          throw new PipelineError('The call recording address is not valid.', false);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new PipelineError('The call recording address is not valid.', false);
        }
        const timeout = AbortSignal.timeout(config.callDownloadTimeoutMs);
        let response: Response;
        try {
          response = await fetch(url, { signal: AbortSignal.any([signal, timeout]) });
        } catch {
          throw new PipelineError(
            timeout.aborted
              ? 'The CRM did not send the call recording in time.'
              : 'The CRM could not be reached to download the call recording.',
            true,
          );
        }
        if (!response.ok || !response.body) {
          throw new PipelineError(
            `The CRM refused the call recording (HTTP ${response.status}).`,
            response.status === 429 || response.status >= 500,
          );
        }
        const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
        key = `calls/${row.companyId}/${row.id}.${extensionFor(url, contentType)}`;
        const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
        await saveRecording(storage, key, { body, contentType }, timeout);
      }
      await repo.markDownloaded(interactionId, key);
      await mergeInTurn(row);
    },
  };
}
