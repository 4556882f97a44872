import type { Readable } from 'node:stream';
import { UPLOAD_FOLDER_EXTENSIONS, type UploadFolder } from '@fieldbot/shared';
// The node entry (explicit, as the Bundler resolution picks the web one) reads Node streams.
import { fileTypeStream } from 'file-type/node';

/** The type file-type reads from the first bytes, or undefined for text and headerless data. */
export interface SniffedType {
  ext: string;
  mime: string;
}

/** Reads the start of an upload to detect its type; the returned stream still has every byte. */
export async function sniffType(
  body: Readable,
): Promise<{ stream: Readable; detected: SniffedType | undefined }> {
  const stream = await fileTypeStream(body);
  return { stream, detected: stream.fileType };
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** Containers a browser or phone records audio in; file-type names some by their video type. */
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  webm: 'audio/webm',
  mka: 'audio/webm',
  mkv: 'audio/webm',
};

/** xls is an OLE compound file: file-type says cfb. */
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  cfb: 'application/vnd.ms-excel',
};

/** Text formats have no signature; an undetected body in such a slot is stored as this type. */
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

/**
 * The type an upload is stored and served as, from its bytes: null when the bytes are not one of
 * the folder's types (e.g. HTML in a .png slot). A recording chunk after the first carries no
 * header (MediaRecorder timeslices), so an undetected one is kept as opaque data; it is only ever
 * read by the audio merge, never served by URL.
 */
export function storedType(
  folder: UploadFolder,
  keyExtension: string,
  detected: SniffedType | undefined,
): string | null {
  switch (folder) {
    case 'profile':
    case 'company-logo':
      return (detected && IMAGE_TYPES[detected.ext]) ?? null;
    case 'recordings':
      if (!detected) return 'application/octet-stream';
      return AUDIO_TYPES[detected.ext] ?? null;
    case 'documents':
    case 'bot-files':
      if (!detected) return TEXT_TYPES[keyExtension] ?? null;
      return DOCUMENT_TYPES[detected.ext] ?? null;
  }
}

/** The extensions named in the refusal of a mismatched upload. */
export const allowedExtensions = (folder: UploadFolder) => UPLOAD_FOLDER_EXTENSIONS[folder];

/** What the browser may show in place: pictures and sound. Everything else is a download. */
export function servedInline(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'image/jpeg' || type === 'image/png' || type.startsWith('audio/');
}
