import { MESSAGES } from '@fieldbot/shared';
import { errorMessage } from '@/lib/notify';
import { createRecording, type CreateRecordingResponse } from '../api/create-recording';
import { ChunkUploadError, type ChunkUploadQueue } from './chunk-queue';
import { deletePendingRecording, type PendingRecording } from './pending-recordings';
import { recordingTarget } from './recording-target';

/**
 * Sends the chunks still missing, creates the interaction (POST /api/company/recordings, idempotent
 * for the same file_urls) and only then drops the audio kept on the device.
 */
export async function completeRecording(
  queue: ChunkUploadQueue,
  recording: Pick<PendingRecording, 'id' | 'customerId' | 'jobId' | 'startedAt' | 'consent'>,
): Promise<CreateRecordingResponse> {
  const fileUrls = await queue.finish();
  const response = await createRecording({
    ...recordingTarget(recording.customerId, recording.jobId),
    file_urls: fileUrls,
    started_at: recording.startedAt,
    consent: recording.consent,
  });
  await deletePendingRecording(recording.id);
  return response;
}

/** Spec §8 'Upload failed. Please try again.' for the audio; the server's message otherwise. */
export function completeRecordingError(cause: unknown): string {
  return cause instanceof ChunkUploadError ? MESSAGES.uploadFailed : errorMessage(cause);
}
