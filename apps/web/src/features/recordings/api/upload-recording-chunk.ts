import { uploadFile } from '@/lib/http';
import { RECORDINGS_FOLDER } from '../lib/recording-file';
import { chunkFileName, type RecorderFormat } from '../lib/recorder-format';

/**
 * POST /api/data/pre-signed-url {file_name: 'chunk-0001.webm', folder: 'recordings'}, then PUT of
 * the chunk; resolves with its file_url for POST /api/company/recordings.
 */
export function uploadRecordingChunk(
  position: number,
  blob: Blob,
  format: RecorderFormat,
): Promise<string> {
  const file = new File([blob], chunkFileName(position, format.extension), {
    type: format.contentType,
  });
  return uploadFile(file, RECORDINGS_FOLDER);
}
