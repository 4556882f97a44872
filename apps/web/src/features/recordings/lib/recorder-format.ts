/** Recorder formats in order of preference, with the extension the server accepts for each. */
const FORMATS = [
  { mimeType: 'audio/webm;codecs=opus', extension: 'webm' },
  { mimeType: 'audio/webm', extension: 'webm' },
  { mimeType: 'audio/ogg;codecs=opus', extension: 'ogg' },
  { mimeType: 'audio/mp4', extension: 'm4a' },
] as const;

export interface RecorderFormat {
  /** For the MediaRecorder; '' lets the browser choose. */
  mimeType: string;
  /** For the chunk file names (chunk-0001.webm). */
  extension: string;
  /** The Content-Type of the uploaded chunks. */
  contentType: string;
}

/** Opus in WebM where supported (Chrome, Firefox, Edge); '' (the browser's choice) otherwise. */
export function preferredMimeType(): string {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') {
    return '';
  }
  return FORMATS.find((format) => MediaRecorder.isTypeSupported(format.mimeType))?.mimeType ?? '';
}

/** What the recorder actually produces (its mimeType once created), as upload details. */
export function recorderFormat(mimeType: string): RecorderFormat {
  const contentType = mimeType.split(';')[0]!.trim().toLowerCase() || 'audio/webm';
  const known = FORMATS.find((format) => format.mimeType.startsWith(contentType));
  return { mimeType, extension: known?.extension ?? 'webm', contentType };
}

export function canRecord(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** chunk-0001.webm, chunk-0002.webm, …: the order is in the name too. */
export function chunkFileName(position: number, extension: string): string {
  return `chunk-${String(position).padStart(4, '0')}.${extension}`;
}
