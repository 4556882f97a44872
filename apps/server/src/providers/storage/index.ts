import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { StorageProvider } from './storage-provider.js';

export type { ByteRange, StorageProvider, StoredObject, UploadLimits } from './storage-provider.js';
export {
  RangeNotSatisfiableError,
  UploadTooLargeError,
  resolveByteRange,
} from './storage-provider.js';

export function createStorageProvider(config: AppConfig): StorageProvider {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage({
    root: path.join(config.dataDir, 'uploads'),
    appUrl: config.appUrl,
    maxBytes: config.uploadMaxBytes,
  });
}
