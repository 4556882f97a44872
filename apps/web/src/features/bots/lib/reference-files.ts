import {
  BOT_LIMITS,
  FILE_UPLOADER_DEFAULTS,
  UPLOAD_MESSAGES,
  fileExtension,
  type BotReferenceFile,
} from '@fieldbot/shared';

/**
 * Reference documents are read whole for their text; 10 MB keeps a price book or brochure in while
 * refusing scans. The spec leaves the uploader's size limit to each use.
 */
export const REFERENCE_FILE_MAX_MB = 10;

export const REFERENCE_FILE_ACCEPT = FILE_UPLOADER_DEFAULTS.extensions
  .map((ext) => `.${ext}`)
  .join(',');

/** Spec §8 "Files" texts. */
export const REFERENCE_FILE_MESSAGES = {
  duplicate: UPLOAD_MESSAGES.duplicateName,
  tooLarge: UPLOAD_MESSAGES.fileSizeOver,
  wrongType: UPLOAD_MESSAGES.typeNotAllowed(FILE_UPLOADER_DEFAULTS.extensions),
  tooMany: UPLOAD_MESSAGES.maxFiles,
  uploading: UPLOAD_MESSAGES.uploading,
} as const;

/** Why `file` cannot be added to a bot that already has `existing`, or null when it can. */
export function referenceFileError(
  file: Pick<File, 'name' | 'size'>,
  existing: readonly Pick<BotReferenceFile, 'name'>[],
): string | null {
  if (existing.length >= BOT_LIMITS.referenceFilesMax) {
    return REFERENCE_FILE_MESSAGES.tooMany(BOT_LIMITS.referenceFilesMax);
  }
  if (
    !(FILE_UPLOADER_DEFAULTS.extensions as readonly string[]).includes(fileExtension(file.name))
  ) {
    return REFERENCE_FILE_MESSAGES.wrongType;
  }
  if (file.size > REFERENCE_FILE_MAX_MB * FILE_UPLOADER_DEFAULTS.bytesPerMb) {
    return REFERENCE_FILE_MESSAGES.tooLarge(REFERENCE_FILE_MAX_MB);
  }
  if (existing.some((f) => f.name.toLowerCase() === file.name.toLowerCase())) {
    return REFERENCE_FILE_MESSAGES.duplicate(file.name);
  }
  return null;
}
