import { uploadFile, type UploadProgress } from '@/lib/upload';
import { RECORDINGS_FOLDER, audioContentType } from '../lib/recording-file';

export type { UploadProgress };

/**
 * An audio file for Upload Audio: POST /api/data/pre-signed-url (folder recordings), then the PUT
 * with progress; resolves with file_url. No timeout: a large file on a slow line takes as long as it
 * takes; `signal` cancels it.
 */
export function uploadRecordingFile(
  file: File,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<string> {
  return uploadFile(file, RECORDINGS_FOLDER, {
    onProgress,
    signal,
    contentType: audioContentType(file),
  });
}
