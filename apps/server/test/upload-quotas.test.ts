import { UPLOAD_MESSAGES, preSignedUrlResponseSchema } from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { signedInClients, useTestApp } from './support/test-app';

// Daily upload quotas, with limits small enough to reach in a test.
const MB = 1024 * 1024;
const USER_MB = 0.01; // 10,485 bytes
const COMPANY_MB = 0.02; // 20,971 bytes
const t = useTestApp({
  env: {
    UPLOAD_PENDING_PER_USER: '3',
    UPLOAD_PENDING_PER_COMPANY: '5',
    UPLOAD_DAILY_MB_PER_USER: String(USER_MB),
    UPLOAD_DAILY_MB_PER_COMPANY: String(COMPANY_MB),
  },
});
let clientFor: (email: string) => Promise<ApiClient>;
beforeAll(() => {
  clientFor = signedInClients(t);
});

/** Recording chunks after the first carry no header: opaque bytes are accepted as such. */
const chunk = (bytes: number) => Buffer.alloc(bytes);

const presign = (client: ApiClient) =>
  client.post('/api/data/pre-signed-url', { folder: 'recordings', file_name: 'chunk.webm' });

async function issued(client: ApiClient) {
  const res = await presign(client);
  expect(res.status, res.text).toBe(200);
  return preSignedUrlResponseSchema.parse(res.body).data.upload_url;
}

const put = (client: ApiClient, uploadUrl: string, bytes: Buffer) =>
  client.request('PUT', uploadUrl, undefined, {
    raw: bytes,
    contentType: 'audio/webm',
    csrf: 'omit',
  });

describe('unfinished uploads', () => {
  it('caps upload URLs issued and not used, per user and per company, with 429', async () => {
    const tech = await clientFor(DEMO.tech.email);
    const urls = [await issued(tech), await issued(tech), await issued(tech)];
    const over = await presign(tech);
    expect(over.status, over.text).toBe(429);
    expect(over.body).toEqual({ message: UPLOAD_MESSAGES.tooManyPending(3) });
    // Finishing one frees a place.
    expect((await put(tech, urls[0]!, chunk(100))).status).toBe(200);
    await issued(tech);

    // Acme now has 3 unfinished: a colleague may start 2 more, then the company is full.
    const manager = await clientFor(DEMO.manager.email);
    await issued(manager);
    await issued(manager);
    const companyFull = await presign(manager);
    expect(companyFull.status, companyFull.text).toBe(429);
    expect(companyFull.body).toEqual({ message: UPLOAD_MESSAGES.companyTooManyPending(5) });
    // Another company is not affected.
    await issued(await clientFor(DEMO.globex.email));
  });
});

describe('bytes a day', () => {
  it('stops a user at their daily bytes, refusing the upload that goes past them', async () => {
    const tech = await clientFor(DEMO.globexTech.email);
    expect((await put(tech, await issued(tech), chunk(6000))).status).toBe(200);
    const tooMuch = await issued(tech);
    const refused = await put(tech, tooMuch, chunk(6000));
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toEqual({ message: UPLOAD_MESSAGES.dailyBytes(USER_MB) });
    // The refused upload counted nothing: the rest of the day's bytes still go through.
    const rest = USER_MB * MB - 6000;
    expect((await put(tech, tooMuch, chunk(Math.floor(rest)))).status).toBe(200);
    const spent = await presign(tech);
    expect(spent.status, spent.text).toBe(429);
    expect(spent.body).toEqual({ message: UPLOAD_MESSAGES.dailyBytes(USER_MB) });
  });

  it('stops a company at its daily bytes across its users', async () => {
    // Globex has used the technician's 10,485 bytes above; the admin brings it near 20,971.
    const admin = await clientFor(DEMO.globex.email);
    expect((await put(admin, await issued(admin), chunk(9000))).status).toBe(200);
    const colleague = await clientFor(DEMO.globexTech2.email);
    const refused = await put(colleague, await issued(colleague), chunk(2000));
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toEqual({ message: UPLOAD_MESSAGES.companyDailyBytes(COMPANY_MB) });
  });
});
