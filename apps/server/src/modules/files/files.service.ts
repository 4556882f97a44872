import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MESSAGES,
  PHOTO_RULES,
  UPLOAD_FOLDER_EXTENSIONS,
  UPLOAD_FOLDERS,
  UPLOAD_MESSAGES,
  mayUploadTo,
  type PreSignedUrlBody,
  type PreSignedUrlResponse,
  type UploadFolder,
  type User,
} from '@fieldbot/shared';
import type { UploadQuota } from '../../config.js';
import { DomainError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { UploadTooLargeError, type StorageProvider } from '../../providers/storage/index.js';
import { allowedExtensions, sniffType, storedType } from './file-types.js';
import type { FilesRepo } from './files.repo.js';
import type { UploadUrls } from './upload-urls.js';

const DAY_MS = 86_400_000;
/** The quotas are configured in MB (of 1,048,576 bytes, like UPLOAD_MAX_MB) and named so. */
const inMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 1000) / 1000;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Keys are `{folder}/{user id}/{uuid}.{ext}`. */
function folderOfKey(key: string): UploadFolder | null {
  const folder = key.split('/')[0];
  return (UPLOAD_FOLDERS as readonly string[]).includes(folder ?? '')
    ? (folder as UploadFolder)
    : null;
}

/** Photos and logos have the spec's 3 MB limit; other folders the configured upload limit. */
function maxBytesOf(folder: UploadFolder, uploadMaxBytes: number): number {
  return folder === 'profile' || folder === 'company-logo' || folder === 'publisher-logo'
    ? PHOTO_RULES.maxBytes
    : uploadMaxBytes;
}

const tooMany = (message: string) => new DomainError(429, message);
const tooLarge = () => new DomainError(413, UPLOAD_MESSAGES.tooLarge);

export type FilesService = ReturnType<typeof createFilesService>;

export function createFilesService(deps: {
  repo: FilesRepo;
  storage: StorageProvider;
  uploadUrls: UploadUrls;
  uploadMaxBytes: number;
  quota: UploadQuota;
  now?: () => Date;
}) {
  const { repo, storage, uploadUrls, quota } = deps;
  const now = deps.now ?? (() => new Date());
  const dayAgo = () => new Date(now().getTime() - DAY_MS);

  /**
   * Bytes the uploader and their company may still send today, and the refusal that names the
   * quota that binds; 429 at once when nothing is left.
   */
  async function bytesLeft(userId: string | null, companyId: string | null) {
    const since = dayAgo();
    const limits: { left: number; refusal: string }[] = [];
    if (userId) {
      const used = await repo.userUsage(userId, since);
      const refusal = UPLOAD_MESSAGES.dailyBytes(inMb(quota.bytesPerUser));
      limits.push({ left: quota.bytesPerUser - used.bytes, refusal });
    }
    if (companyId) {
      const used = await repo.companyUsage(companyId, since);
      const refusal = UPLOAD_MESSAGES.companyDailyBytes(inMb(quota.bytesPerCompany));
      limits.push({ left: quota.bytesPerCompany - used.bytes, refusal });
    }
    const binding = limits.reduce((a, b) => (b.left < a.left ? b : a), {
      left: Infinity,
      refusal: '',
    });
    if (binding.left <= 0) throw tooMany(binding.refusal);
    return binding;
  }

  async function checkPending(userId: string, companyId: string | null) {
    const since = dayAgo();
    if ((await repo.userUsage(userId, since)).pending >= quota.pendingPerUser) {
      throw tooMany(UPLOAD_MESSAGES.tooManyPending(quota.pendingPerUser));
    }
    if (
      companyId &&
      (await repo.companyUsage(companyId, since)).pending >= quota.pendingPerCompany
    ) {
      throw tooMany(UPLOAD_MESSAGES.companyTooManyPending(quota.pendingPerCompany));
    }
  }

  return {
    /** POST /api/data/pre-signed-url: a single-use upload URL into a folder the user may use. */
    async presign(user: User, body: PreSignedUrlBody): Promise<PreSignedUrlResponse['data']> {
      if (!mayUploadTo(user, body.folder)) throw forbidden();
      const ext = extensionOf(body.file_name);
      if (!UPLOAD_FOLDER_EXTENSIONS[body.folder].includes(ext)) {
        throw fieldError('file_name', MESSAGES.fileExtensionNotSupported);
      }
      const companyId = user.company?.id ?? null;
      await checkPending(user.id, companyId);
      await bytesLeft(user.id, companyId);
      const key = `${body.folder}/${user.id}/${randomUUID()}.${ext}`;
      const fileUrl = storage.fileUrl(key);
      await repo.record({
        userId: user.id,
        companyId,
        folder: body.folder,
        name: body.file_name,
        path: key,
        fileUrl,
      });
      return { upload_url: uploadUrls.issue(key), file_url: fileUrl };
    },

    /**
     * PUT /api/uploads/{key}: once per URL, typed from its bytes, within the folder's size limit
     * and the day's byte quotas. `declaredBytes` is the request's Content-Length.
     */
    async receive(key: string, body: Readable, declaredBytes: number): Promise<void> {
      const folder = folderOfKey(key);
      if (!folder) throw notFound();
      const upload = await repo.claimPending(key);
      if (!upload) {
        const status = await repo.statusOf(key);
        if (status === null) throw notFound();
        throw new DomainError(409, UPLOAD_MESSAGES.alreadyUploaded);
      }
      try {
        const folderMax = maxBytesOf(folder, deps.uploadMaxBytes);
        if (declaredBytes > folderMax) throw tooLarge();
        const { left, refusal } = await bytesLeft(upload.userId, upload.companyId);
        if (declaredBytes > left) throw tooMany(refusal);

        const { stream, detected } = await sniffType(body);
        const contentType = storedType(folder, extensionOf(key), detected);
        if (contentType === null) {
          stream.destroy();
          throw new DomainError(415, UPLOAD_MESSAGES.typeNotAllowed(allowedExtensions(folder)));
        }
        let size: number;
        try {
          size = await storage.receive(key, stream, contentType, {
            length: declaredBytes,
            maxBytes: Math.min(folderMax, left),
          });
        } catch (error) {
          if (error instanceof UploadTooLargeError)
            throw left < folderMax ? tooMany(refusal) : tooLarge();
          throw error;
        }
        await repo.finish(upload.id, size, contentType);
      } catch (error) {
        await repo.release(upload.id);
        throw error;
      }
    },
  };
}
