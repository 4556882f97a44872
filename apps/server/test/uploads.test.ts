import {
  AUTH_MESSAGES,
  UPLOAD_MESSAGES,
  preSignedUrlResponseSchema,
  type UploadFolder,
} from '@fieldbot/shared';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { APP_URL, signedInClients, useTestApp } from './support/test-app';

// Uploads (spec §7): who may upload where, the type read from the bytes, how
// files are served back, single-use upload URLs, and addresses relative to this server.

const t = useTestApp();
let clientFor: (email: string) => Promise<ApiClient>;
beforeAll(() => {
  clientFor = signedInClients(t);
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

async function presign(client: ApiClient, folder: UploadFolder, fileName: string) {
  return client.post('/api/data/pre-signed-url', { folder, file_name: fileName });
}

/** An upload URL for the file, asserting it was issued. */
async function issued(client: ApiClient, folder: UploadFolder, fileName: string) {
  const res = await presign(client, folder, fileName);
  expect(res.status, res.text).toBe(200);
  return preSignedUrlResponseSchema.parse(res.body).data;
}

const put = (client: ApiClient, uploadUrl: string, bytes: Buffer, contentType: string) =>
  client.request('PUT', uploadUrl, undefined, { raw: bytes, contentType, csrf: 'omit' });

describe('upload folders by role', () => {
  it('gives each folder only to the roles that use it (403 otherwise)', async () => {
    /** Every folder refused but profile; each row opens what the role may use. */
    const onlyProfile: Record<UploadFolder, number> = {
      profile: 200,
      'company-logo': 403,
      documents: 403,
      recordings: 403,
      'bot-files': 403,
      'publisher-logo': 403,
    };
    const cases: [string, Record<UploadFolder, number>][] = [
      [DEMO.admin.email, { ...onlyProfile, 'company-logo': 200, documents: 200, recordings: 200 }],
      [DEMO.manager.email, { ...onlyProfile, recordings: 200 }],
      [DEMO.tech.email, { ...onlyProfile, recordings: 200 }],
      // A company admin still setting the company up: a logo, but no recordings yet.
      [DEMO.newadmin.email, { ...onlyProfile, 'company-logo': 200, documents: 200 }],
      [DEMO.publisher.email, { ...onlyProfile, 'bot-files': 200, 'publisher-logo': 200 }],
      [DEMO.publisherUser.email, { ...onlyProfile, 'bot-files': 200 }],
    ];
    const names: Record<UploadFolder, string> = {
      profile: 'me.png',
      'company-logo': 'logo.png',
      documents: 'terms.pdf',
      recordings: 'visit.webm',
      'bot-files': 'price-book.xlsx',
      'publisher-logo': 'publisher.png',
    };
    for (const [email, expected] of cases) {
      const client = await clientFor(email);
      for (const [folder, status] of Object.entries(expected) as [UploadFolder, number][]) {
        const res = await presign(client, folder, names[folder]);
        expect(res.status, `${email} → ${folder}: ${res.text}`).toBe(status);
        if (status === 403) expect(res.body).toEqual({ message: AUTH_MESSAGES.forbidden });
      }
    }
  });
});

describe('the stored type comes from the bytes', () => {
  it('refuses HTML in a .png slot with 415 and the allowed types, and stores nothing', async () => {
    const client = await clientFor(DEMO.manager.email);
    const { upload_url, file_url } = await issued(client, 'profile', 'avatar.png');
    for (const declared of ['image/png', 'text/html']) {
      const res = await put(client, upload_url, HTML, declared);
      expect(res.status, res.text).toBe(415);
      expect(res.body).toEqual({ message: 'The file type must be one of: .jpg, .jpeg, .png' });
      expect(res.body.message).toBe(UPLOAD_MESSAGES.typeNotAllowed(['jpg', 'jpeg', 'png']));
    }
    expect((await client.get(file_url)).status).toBe(404);
    // The refused attempt did not use the URL up: the real picture still goes through.
    expect((await put(client, upload_url, PNG, 'image/png')).status).toBe(200);
  });

  it('refuses a picture in the documents folder and a PDF as a logo', async () => {
    const admin = await clientFor(DEMO.admin.email);
    const doc = await issued(admin, 'documents', 'terms.pdf');
    const asDoc = await put(admin, doc.upload_url, PNG, 'application/pdf');
    expect(asDoc.status, asDoc.text).toBe(415);
    expect(asDoc.body.message).toBe(
      UPLOAD_MESSAGES.typeNotAllowed(['pdf', 'txt', 'csv', 'docx', 'xlsx', 'xls']),
    );
    const logo = await issued(admin, 'company-logo', 'logo.jpg');
    expect((await put(admin, logo.upload_url, PDF, 'image/jpeg')).status).toBe(415);
  });

  it('serves the detected type: pictures inline, everything else as an attachment, never sniffed', async () => {
    const admin = await clientFor(DEMO.admin.email);
    const cases: [UploadFolder, string, Buffer, string, string, string][] = [
      // folder, name, bytes, declared type, served type, disposition
      ['profile', 'me.png', PNG, 'image/png', 'image/png', 'inline'],
      // The uploader's Content-Type is not trusted: JPEG bytes are served as a JPEG.
      ['company-logo', 'logo.jpg', JPEG, 'text/html', 'image/jpeg', 'inline'],
      ['documents', 'terms.pdf', PDF, 'application/pdf', 'application/pdf', 'attachment'],
      // Text has no signature: typed by its slot, and only ever downloaded.
      ['documents', 'notes.txt', HTML, 'text/html', 'text/plain', 'attachment'],
      ['documents', 'list.csv', Buffer.from('a,b\n1,2\n'), 'text/csv', 'text/csv', 'attachment'],
    ];
    for (const [folder, name, bytes, declared, served, disposition] of cases) {
      const { upload_url, file_url } = await issued(admin, folder, name);
      const uploaded = await put(admin, upload_url, bytes, declared);
      expect(uploaded.status, `${name}: ${uploaded.text}`).toBe(200);
      expect(uploaded.body).toEqual({ message: UPLOAD_MESSAGES.uploaded });
      const res = await t.client().get(file_url);
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(served);
      expect(res.headers['content-disposition'], name).toBe(disposition);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['content-length'], name).toBe(String(bytes.length));
    }
  });
});

describe('an upload URL is single-use', () => {
  it('refuses a second PUT to a finished upload with 409 and keeps the first file', async () => {
    const client = await clientFor(DEMO.tech.email);
    const { upload_url, file_url } = await issued(client, 'profile', 'me.png');
    expect((await put(client, upload_url, PNG, 'image/png')).status).toBe(200);
    for (const bytes of [JPEG, PNG]) {
      const again = await put(client, upload_url, bytes, 'image/jpeg');
      expect(again.status, again.text).toBe(409);
      expect(again.body).toEqual({ message: UPLOAD_MESSAGES.alreadyUploaded });
    }
    const served = await client.get(file_url);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('asks for the length of an upload that does not state it (411), keeping the URL usable', async () => {
    const client = await clientFor(DEMO.tech.email);
    const { upload_url } = await issued(client, 'profile', 'me.png');
    const streamed = await t.app.inject({
      method: 'PUT',
      url: upload_url,
      headers: { 'content-type': 'image/png' },
      payload: Readable.from([PNG]),
    });
    expect(streamed.statusCode, streamed.body).toBe(411);
    expect(streamed.json()).toEqual({ message: UPLOAD_MESSAGES.lengthRequired });
    expect((await put(client, upload_url, PNG, 'image/png')).status).toBe(200);
  });

  it('still refuses a forged signature with 403 before looking at the upload', async () => {
    const client = await clientFor(DEMO.tech.email);
    const { upload_url } = await issued(client, 'profile', 'me.png');
    const forged = upload_url.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`);
    const res = await put(client, forged, PNG, 'image/png');
    expect(res.status).toBe(403);
    expect((await put(client, upload_url, PNG, 'image/png')).status).toBe(200);
  });
});

describe('relative addresses', () => {
  it('round-trip: upload at a path of this server, set as the profile image, served back', async () => {
    const client = await clientFor(DEMO.publisher.email);
    const { upload_url, file_url } = await issued(client, 'profile', 'me.png');
    expect(upload_url).toMatch(
      /^\/api\/uploads\/profile\/[^?]+\.png\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(file_url).toMatch(/^\/api\/files\/profile\/[^?]+\.png$/);
    expect(upload_url).not.toContain(APP_URL);
    expect((await put(client, upload_url, PNG, 'image/png')).status).toBe(200);
    const set = await client.post('/api/user/update-profile', { image: file_url });
    expect(set.status, set.text).toBe(200);
    const me = await client.get('/api/user/me');
    expect(me.body.data.image).toBe(file_url);
    // Served the same whatever host name the app is opened at.
    const elsewhere = await t
      .client()
      .get(file_url, { headers: { host: 'fieldbot.example:8443' } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['content-length']).toBe(String(PNG.length));
  });
});
