import { uploadFile } from '@/lib/upload';
import { RECORDINGS_FOLDER } from '../lib/recording-file';
import { chunkFileName, type RecorderFormat } from '../lib/recorder-format';

/**
 * POST /api/data/pre-signed-url {file_name: 'chunk-0001.webm', folder: 'recordings'}, then PUT of
 * the chunk; resolves with its file_url for POST /api/company/recordings. The chunk queue retries.
 */
export function uploadRecordingChunk(
  position: number,
  blob: Blob,
  format: RecorderFormat,
  signal?: AbortSignal,
): Promise<string> {
  const file = new File([blob], chunkFileName(position, format.extension), {
    type: format.contentType,
  });
  return uploadFile(file, RECORDINGS_FOLDER, { signal });
}
