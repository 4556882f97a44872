import {
  MESSAGES,
  PERMISSIONS,
  PUBLISHER_MESSAGES,
  dataResponseSchema,
  publisherNameResponseSchema,
  validationErrorSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

const t = useTestApp();
let admin: ApiClient;

beforeAll(async () => {
  admin = t.client();
  await admin.loginAs(DEMO.admin.email);
}, HOOK_TIMEOUT_MS);

const idName = expect.objectContaining({ id: expect.anything(), name: expect.any(String) });

describe('GET /api/data', () => {
  it('returns the requested option lists', async () => {
    const res = await admin.get(
      '/api/data?items=permissions,timezones,industries,trades,company_types',
    );
    expect(res.status, res.text).toBe(200);
    const data = dataResponseSchema.parse(res.body).data as Record<string, unknown[]>;
    expect(Object.keys(data).sort()).toEqual(
      ['company_types', 'industries', 'permissions', 'timezones', 'trades'].sort(),
    );
    for (const [key, list] of Object.entries(data)) {
      expect(Array.isArray(list), key).toBe(true);
      expect(list.length, key).toBeGreaterThan(0);
    }
    expect(data.timezones).toEqual(expect.arrayContaining([idName]));
    for (const key of ['timezones', 'industries', 'company_types'] as const) {
      for (const item of data[key] ?? []) expect(item, key).toEqual(idName);
    }
    expect(data.permissions).toEqual(
      expect.arrayContaining(
        PERMISSIONS.map((p) => expect.objectContaining({ name: p.name, module: p.module })),
      ),
    );
  });

  it('returns only what was asked for', async () => {
    const res = await admin.get('/api/data?items=timezones');
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['timezones']);
  });

  it('answers an unknown item with 422 and the field message', async () => {
    const res = await admin.get('/api/data?items=timezones,secrets');
    expect(res.status, res.text).toBe(422);
    const body = validationErrorSchema.parse(res.body);
    expect(Object.keys(body.errors).some((k) => k.startsWith('items'))).toBe(true);
    expect(body.message).toBe(MESSAGES.selectValidValue);
  });

  it('answers a missing or empty items list with 422 Required', async () => {
    for (const path of ['/api/data', '/api/data?items=', '/api/data?items=,,']) {
      const res = await admin.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(422);
      expect(validationErrorSchema.parse(res.body).message).toBe(MESSAGES.required);
    }
  });

  it('is refused to an anonymous caller', async () => {
    const res = await t.client().get('/api/data?items=timezones');
    expect(res.status).toBe(401);
  });
});

describe('other public reads', () => {
  it(
    'names a publisher by its code (public), and answers an unknown code with 404 and why',
    async () => {
      const [row] = await t.inspect((q) =>
        q(`SELECT code FROM publishers WHERE name = 'Northwind Bots'`),
      );
      const code = String(row?.code);
      const anonymous = t.client();
      const res = await anonymous.get(`/api/publisher-name/${encodeURIComponent(code)}`);
      expect(res.status, res.text).toBe(200);
      expect(publisherNameResponseSchema.parse(res.body)).toEqual({
        data: { name: 'Northwind Bots' },
      });
      // Codes are typed from printed links: the case does not matter.
      const lower = await anonymous.get(
        `/api/publisher-name/${encodeURIComponent(code.toLowerCase())}`,
      );
      expect(lower.body).toEqual({ data: { name: 'Northwind Bots' } });
      const unknown = await anonymous.get('/api/publisher-name/no-such-code');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: PUBLISHER_MESSAGES.unknownCode });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await admin.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });
});

describe('GET /api/files/*', () => {
  it('serves no audio by URL alone: recordings go through the scoped interaction routes', async () => {
    const signed = await admin.post('/api/data/pre-signed-url', {
      file_name: 'visit.webm',
      folder: 'recordings',
    });
    expect(signed.status, signed.text).toBe(200);
    const { upload_url, file_url } = signed.body.data as { upload_url: string; file_url: string };
    const put = await admin.request('PUT', upload_url, undefined, {
      raw: Buffer.from('not really audio'),
      contentType: 'audio/webm',
    });
    expect(put.status, put.text).toBe(200);

    const read = await admin.get(file_url);
    expect(read.status).toBe(404);
    expect((await t.client().get(file_url)).status).toBe(404);
  });
});

describe('GET /api/health', () => {
  it('answers ok while the database answers', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
