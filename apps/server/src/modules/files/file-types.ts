import { Readable } from 'node:stream';
import { UPLOAD_FOLDER_EXTENSIONS, type UploadFolder } from '@fieldbot/shared';
import { fileTypeFromBuffer } from 'file-type';

/** The type file-type reads from the first bytes, or undefined for text and headerless data. */
export interface SniffedType {
  ext: string;
  mime: string;
}

/**
 * Bytes gathered before detecting a type. Office files are zips told apart by their
 * [Content_Types].xml entry, which LibreOffice and spreadsheet libraries write last, after the
 * sheets; file-type's stream helper looks at its first chunk only (4,100 bytes at most), which
 * calls such an .xlsx a plain zip, and the upload would be refused.
 */
const SNIFF_BYTES = 256 * 1024;

/** Reads the start of an upload to detect its type; the returned stream still has every byte. */
export async function sniffType(
  body: Readable,
): Promise<{ stream: Readable; detected: SniffedType | undefined }> {
  const chunks = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value as Uint8Array);
    head.push(chunk);
    headBytes += chunk.length;
  }
  const sample = Buffer.concat(head);
  const detected = await fileTypeFromBuffer(sample.subarray(0, SNIFF_BYTES));
  const stream = Readable.from(
    (async function* () {
      if (sample.length > 0) yield sample;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        yield next.value as Uint8Array;
      }
    })(),
    { objectMode: false },
  );
  // A refused upload destroys the returned stream, which may never have started to read: the
  // request body is released with it.
  stream.once('close', () => {
    if (!body.destroyed && !body.readableEnded) body.destroy();
  });
  return { stream, detected: detected ? { ext: detected.ext, mime: detected.mime } : undefined };
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
    case 'publisher-logo':
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
