import { randomUUID } from 'node:crypto';
import {
  FILE_UPLOADER_DEFAULTS,
  MESSAGES,
  PHOTO_RULES,
  type DataItem,
  type PreSignedUrlBody,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import type { PresignedUpload, StorageProvider } from '../../providers/storage/index.js';
import type { DataRepo } from './data.repo.js';

type Folder = PreSignedUrlBody['folder'];

const AUDIO_EXTENSIONS = ['mp3', 'wav', 'm4a', 'ogg', 'webm', 'aac', 'mp4'] as const;

/** Which file extensions each upload folder takes. */
export const FOLDER_EXTENSIONS: Record<Folder, readonly string[]> = {
  profile: PHOTO_RULES.extensions,
  'company-logo': PHOTO_RULES.extensions,
  recordings: AUDIO_EXTENSIONS,
  documents: FILE_UPLOADER_DEFAULTS.extensions,
};

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  aac: 'audio/aac',
  mp4: 'audio/mp4',
};

/** Types a browser may render inline from our origin; anything else is served as a download. */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'application/pdf',
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/ogg',
  'audio/webm',
  'audio/aac',
]);

export function inlineSafe(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** Photos and logos have the spec's 3 MB limit; other folders the configured upload limit. */
export function maxBytesForKey(key: string, uploadMaxBytes: number): number {
  const folder = key.split('/')[0];
  return folder === 'profile' || folder === 'company-logo'
    ? PHOTO_RULES.maxBytes
    : uploadMaxBytes;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export type DataService = ReturnType<typeof createDataService>;

export function createDataService(deps: { repo: DataRepo; storage: StorageProvider }) {
  const { repo, storage } = deps;

  const loaders: Record<DataItem, () => Promise<unknown[]>> = {
    permissions: repo.permissions,
    timezones: repo.timezones,
    industries: repo.industries,
    trades: repo.trades,
    company_types: repo.companyTypes,
    // Filled by the bots issue; known items answer an empty list until then.
    company_bots: async () => [],
    bot_icons: async () => [],
  };

  return {
    async items(items: readonly DataItem[]): Promise<Record<string, unknown[]>> {
      const unique = [...new Set(items)];
      const lists = await Promise.all(unique.map((item) => loaders[item]()));
      return Object.fromEntries(unique.map((item, i) => [item, lists[i]!]));
    },

    async presign(userId: string, body: PreSignedUrlBody): Promise<PresignedUpload> {
      const ext = extensionOf(body.file_name);
      const allowed = FOLDER_EXTENSIONS[body.folder];
      if (!allowed.includes(ext)) {
        throw fieldError('file_name', MESSAGES.fileExtensionNotSupported);
      }
      const key = `${body.folder}/${userId}/${randomUUID()}.${ext}`;
      const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
      const presigned = await storage.presignUpload(key, contentType);
      await repo.recordUpload({
        userId,
        folder: body.folder,
        name: body.file_name,
        path: key,
        fileUrl: presigned.file_url,
      });
      return presigned;
    },

    async publisherName(code: string): Promise<string> {
      const name = await repo.publisherNameByCode(code);
      if (name === null) throw notFound();
      return name;
    },
  };
}
