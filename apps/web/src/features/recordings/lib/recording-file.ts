import {
  FILE_UPLOADER_DEFAULTS,
  RECORDING_EXTENSIONS,
  RECORDING_UPLOAD_MAX_MB,
  UPLOAD_MESSAGES,
} from '@fieldbot/shared';

/** Folder of POST /api/data/pre-signed-url for audio (the server only accepts audio there). */
export const RECORDINGS_FOLDER = 'recordings' as const;

export const RECORDING_MAX_BYTES = RECORDING_UPLOAD_MAX_MB * FILE_UPLOADER_DEFAULTS.bytesPerMb;

/** `accept` of the file picker: the extensions, so every browser offers the same files. */
export const RECORDING_ACCEPT = RECORDING_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Spec §8 file messages. */
export const RECORDING_FILE_MESSAGES = {
  tooLarge: UPLOAD_MESSAGES.fileSizeOver,
  wrongType: UPLOAD_MESSAGES.typeNotAllowed(RECORDING_EXTENSIONS),
  uploading: UPLOAD_MESSAGES.uploading,
} as const;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why an audio file cannot be uploaded, or null when it can. */
export function recordingFileError(file: Pick<File, 'name' | 'size'>): string | null {
  if (!(RECORDING_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return RECORDING_FILE_MESSAGES.wrongType;
  }
  if (file.size > RECORDING_MAX_BYTES)
    return RECORDING_FILE_MESSAGES.tooLarge(RECORDING_UPLOAD_MAX_MB);
  return null;
}

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
};

/** The file's own type, else one from its extension (some systems give .m4a or .ogg no type). */
export function audioContentType(file: Pick<File, 'name' | 'type'>): string {
  return file.type || AUDIO_TYPES[extensionOf(file.name)] || 'application/octet-stream';
}
