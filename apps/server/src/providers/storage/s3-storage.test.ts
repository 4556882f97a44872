import { describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage.js';

describe('S3 storage', () => {
  const storage = createS3Storage({
    endpoint: 'http://minio.local:9000',
    bucket: 'fieldbot',
    region: 'us-east-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
  });

  it('presigns a PUT for the key and names the public file URL', async () => {
    const { upload_url, file_url } = await storage.presignUpload('profile/u1/a.png', 'image/png');
    const url = new URL(upload_url);
    expect(url.origin).toBe('http://minio.local:9000');
    expect(url.pathname).toBe('/fieldbot/profile/u1/a.png');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(900);
    expect(file_url).toBe('http://minio.local:9000/fieldbot/profile/u1/a.png');
    expect(storage.keyFromUrl(file_url)).toBe('profile/u1/a.png');
    expect(storage.keyFromUrl('http://elsewhere/fieldbot/x.png')).toBeNull();
  });
});
