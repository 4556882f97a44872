import type { Readable } from 'node:stream';

export interface PresignedUpload {
  upload_url: string;
  file_url: string;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface StorageProvider {
  kind: 'local' | 's3';
  /** A URL the browser can PUT the file to, and the URL the file will be readable at. */
  presignUpload(key: string, contentType: string): Promise<PresignedUpload>;
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** The key behind a URL this storage issued, or null for foreign URLs. */
  keyFromUrl(url: string): string | null;
}
