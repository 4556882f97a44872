import { z } from 'zod';
// requiredString is a zod/mini schema (the login page's bundle): its checks are mini's functions.
import { maxLength, regex } from 'zod/mini';
import { FILE_UPLOADER_DEFAULTS, PHOTO_RULES } from '../constants';
import { MESSAGES } from '../validation/messages';
import { requiredString } from '../validation/validators';
import { ROLE, isPublisherRole } from '../auth/roles';
import type { User } from '../auth/user.schema';

/**
 * bot-files: a publisher's bot reference documents, read only by the server;
 * publisher-logo: the Publisher Information logo.
 */
export const UPLOAD_FOLDERS = [
  'profile',
  'company-logo',
  'recordings',
  'documents',
  'bot-files',
  'publisher-logo',
] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** Extensions each folder takes; recordings also take the containers phones and browsers write. */
export const UPLOAD_FOLDER_EXTENSIONS: Record<UploadFolder, readonly string[]> = {
  profile: PHOTO_RULES.extensions,
  'company-logo': PHOTO_RULES.extensions,
  recordings: ['mp3', 'wav', 'm4a', 'ogg', 'webm', 'aac', 'mp4'],
  documents: FILE_UPLOADER_DEFAULTS.extensions,
  'bot-files': FILE_UPLOADER_DEFAULTS.extensions,
  'publisher-logo': PHOTO_RULES.extensions,
};

/**
 * Who may upload into a folder: recordings are made by company roles for their company, photos by
 * anyone signed in, and the company's logo and documents by its admin (also while setting the
 * company up, before it exists); bot reference files by publisher roles of a publisher.
 */
export function mayUploadTo(
  user: Pick<User, 'role' | 'company' | 'publisher'>,
  folder: UploadFolder,
): boolean {
  const role = user.role.alias;
  switch (folder) {
    case 'profile':
      return true;
    case 'recordings':
      return (
        user.company !== null &&
        (role === ROLE.COMPANY_ADMIN || role === ROLE.MANAGER || role === ROLE.FIELD_TEAM)
      );
    case 'company-logo':
    case 'documents':
      return role === ROLE.COMPANY_ADMIN;
    case 'bot-files':
      return isPublisherRole(role) && user.publisher !== null;
    // Also before the publisher exists: the admin uploads the logo while creating it.
    case 'publisher-logo':
      return role === ROLE.PUBLISHER_ADMIN;
  }
}

/** POST /api/data/pre-signed-url */
export const preSignedUrlBodySchema = z.object(
  {
    file_name: requiredString().check(
      maxLength(255, MESSAGES.invalidValue),
      regex(/^[^/\\\0]+$/, MESSAGES.invalidValue),
    ),
    folder: z.enum(UPLOAD_FOLDERS, { error: MESSAGES.selectValidValue }),
  },
  { error: MESSAGES.invalidValue },
);
export type PreSignedUrlBody = z.infer<typeof preSignedUrlBodySchema>;

/**
 * upload_url takes one PUT of the file, always a path of this server (`/api/uploads/…`), so it
 * works at any host name and under the strict CSP. file_url is where the file is read afterwards
 * and what profile, logo and recording requests send back: `/api/files/…` on local disk, the
 * bucket's address with S3.
 */
export const preSignedUrlResponseSchema = z.object({
  data: z.object({ upload_url: z.string(), file_url: z.string() }),
});
export type PreSignedUrlResponse = z.infer<typeof preSignedUrlResponseSchema>;

/** The storage key in GET /api/files/{key} and PUT /api/uploads/{key}. */
export const storageKeyParamsSchema = z.object({ '*': z.string().max(600) });

/** Query of a signed upload URL (PUT /api/uploads/{key}). */
export const uploadUrlQuerySchema = z.object({
  expires: z.string().max(20).default(''),
  signature: z.string().max(128).default(''),
});

export const UPLOAD_MESSAGES = {
  uploaded: 'Uploaded.',
  /** Spec §8 "Files": 'The file type must be one of: .ext list'. */
  typeNotAllowed: (extensions: readonly string[]) =>
    `The file type must be one of: ${extensions.map((ext) => `.${ext}`).join(', ')}`,
  tooLarge: 'The file is too large.',
  lengthRequired: 'The upload must state its length (Content-Length).',
  alreadyUploaded: 'This upload link has already been used. Please upload the file again.',
  /** Spec §8 "Files": a second file of the same name in one uploader. */
  duplicateName: (name: string) => `File ${name} is already uploaded.`,
  /** Spec §8 "Files": more files than the uploader takes. */
  maxFiles: (n: number) => `Max ${n} files can be uploaded.`,
  /** Spec §8 "Files": the uploader's size limit. */
  fileSizeOver: (mb: number) => `The file size must not be greater than ${mb}Mb`,
  /** Spec §8 "Files": shown while an upload is under way. */
  uploading: 'Uploading, please wait',
  tooManyPending: (n: number) =>
    `You have ${n} unfinished uploads from the last 24 hours. Please try again later.`,
  companyTooManyPending: (n: number) =>
    `Your company has ${n} unfinished uploads from the last 24 hours. Please try again later.`,
  dailyBytes: (mb: number) =>
    `You have reached the upload limit of ${mb} MB in 24 hours. Please try again later.`,
  companyDailyBytes: (mb: number) =>
    `Your company has reached the upload limit of ${mb} MB in 24 hours. Please try again later.`,
} as const;
