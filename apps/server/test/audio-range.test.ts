import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_MESSAGES, interactionAudioPath } from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import { useInteractionFixtures, type InteractionFixture } from './support/interaction-fixtures';
import { signedInClients, useTestApp } from './support/test-app';

const t = useTestApp();
const fx = useInteractionFixtures(t);
const as = signedInClients(t);
let withAudio: InteractionFixture;

beforeAll(() => {
  withAudio = fx.interactions.find((i) => i.audio)!;
});

/** GET the audio with the caller's cookies; the body as raw bytes. */
async function audio(email: string, range?: string, path = audioPath()) {
  const client = await as(email);
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    cookies: Object.fromEntries(client.jar),
    headers: range === undefined ? {} : { range },
    remoteAddress: client.ip,
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body };
}

const audioPath = () => interactionAudioPath(withAudio.id, withAudio.type);
const SIZE = 10_000;

describe('GET …/audio', () => {
  it('sends the whole file with 200 when no range is asked', async () => {
    const res = await audio(fx.accounts.admin);
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['content-range']).toBeUndefined();
    expect(String(res.headers['cache-control'])).toMatch(/^private\b/);
    expect(res.body.equals(fx.audioBytes)).toBe(true);
  });

  it('sends a closed range with 206, Content-Range and exactly those bytes', async () => {
    const res = await audio(fx.accounts.admin, 'bytes=0-99');
    expect(res.status).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.body.equals(fx.audioBytes.subarray(0, 100))).toBe(true);

    const middle = await audio(fx.accounts.admin, 'bytes=4321-5678');
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 4321-5678/${SIZE}`);
    expect(middle.body.equals(fx.audioBytes.subarray(4321, 5679))).toBe(true);
  });

  it('sends an open-ended range to the last byte', async () => {
    const res = await audio(fx.accounts.admin, 'bytes=500-');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 500-${SIZE - 1}/${SIZE}`);
    expect(res.headers['content-length']).toBe(String(SIZE - 500));
    expect(res.body.equals(fx.audioBytes.subarray(500))).toBe(true);
  });

  it('sends a suffix range as the last bytes, the whole file when it is longer', async () => {
    const res = await audio(fx.accounts.admin, 'bytes=-500');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${SIZE - 500}-${SIZE - 1}/${SIZE}`);
    expect(res.headers['content-length']).toBe('500');
    expect(res.body.equals(fx.audioBytes.subarray(SIZE - 500))).toBe(true);

    const longer = await audio(fx.accounts.admin, 'bytes=-20000');
    expect(longer.status).toBe(206);
    expect(longer.headers['content-range']).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
    expect(longer.body.equals(fx.audioBytes)).toBe(true);
  });

  it('clamps an end past the last byte', async () => {
    const res = await audio(fx.accounts.admin, 'bytes=9990-20000');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 9990-${SIZE - 1}/${SIZE}`);
    expect(res.body.equals(fx.audioBytes.subarray(9990))).toBe(true);
  });

  it('answers 416 with the size when the range starts past the end', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE}-${SIZE + 10}`, 'bytes=-0']) {
      const res = await audio(fx.accounts.admin, range);
      expect(res.status, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(res.headers['accept-ranges']).toBe('bytes');
    }
  });

  it('serves only the first of several ranges', async () => {
    const res = await audio(fx.accounts.admin, 'bytes=10-19, 100-199');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
    expect(res.body.equals(fx.audioBytes.subarray(10, 20))).toBe(true);
  });

  it('ignores a malformed Range header or another unit and sends the whole file', async () => {
    for (const range of ['bytes=abc', 'bytes=50-10', 'items=0-9', 'bytes=']) {
      const res = await audio(fx.accounts.admin, range);
      expect(res.status, range).toBe(200);
      expect(res.body.equals(fx.audioBytes), range).toBe(true);
    }
  });

  it('is served to the technician of the job, 404 to other technicians and companies', async () => {
    expect((await audio(fx.accounts.tech1, 'bytes=0-9')).status).toBe(206);
    for (const email of [fx.accounts.tech2, DEMO.globex.email, DEMO.admin.email]) {
      const res = await audio(email, 'bytes=0-9');
      expect(res.status, email).toBe(404);
      expect(JSON.parse(res.text).message).toBe(AUTH_MESSAGES.notFound);
    }
    expect((await audio(DEMO.publisherUser.email)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: audioPath() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an interaction without merged audio or with the wrong type', async () => {
    const noAudio = fx.interactions.find((i) => i.number === 'R-000102')!;
    const missing = await audio(
      fx.accounts.admin,
      undefined,
      interactionAudioPath(noAudio.id, noAudio.type),
    );
    expect(missing.status).toBe(404);
    const wrongType = await audio(
      fx.accounts.admin,
      'bytes=0-9',
      interactionAudioPath(withAudio.id, 'csr-call'),
    );
    expect(wrongType.status).toBe(404);
  });

  it('answers HEAD with the headers of the whole file and no body', async () => {
    const client = await as(fx.accounts.admin);
    const res = await t.app.inject({
      method: 'HEAD',
      url: audioPath(),
      cookies: Object.fromEntries(client.jar),
      remoteAddress: client.ip,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 404 when the stored file has gone', async () => {
    await rm(join(t.dataDir, 'uploads', ...fx.audioKey.split('/')));
    expect((await audio(fx.accounts.admin)).status).toBe(404);
    expect((await audio(fx.accounts.admin, 'bytes=0-9')).status).toBe(404);
  });
});
