import { AUTH_MESSAGES, MESSAGES, userResponseSchema } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { PNG_1X1, signUpVerified } from './support/fresh-account';
import { APP_URL, useTestApp, SLOW_TEST_TIMEOUT_MS } from './support/test-app';

const t = useTestApp();

/** A fresh verified, logged-in account (so profile edits don't disturb the demo users). */
function freshUser(label: string): Promise<{ client: ApiClient; email: string }> {
  return signUpVerified(t, label, 'Profile Person');
}

async function me(client: ApiClient) {
  const res = await client.get('/api/user/me');
  expect(res.status, res.text).toBe(200);
  return userResponseSchema.parse(res.body).data;
}

/** Asks for an upload URL, PUTs the bytes there, and returns the file_url. */
async function upload(client: ApiClient, fileName: string, bytes: Buffer, type: string) {
  const signed = await client.post('/api/data/pre-signed-url', {
    file_name: fileName,
    folder: 'profile',
  });
  expect(signed.status, signed.text).toBe(200);
  const { upload_url, file_url } = signed.body.data as { upload_url: string; file_url: string };
  expect(upload_url.startsWith('/api/uploads/')).toBe(true);
  expect(file_url.startsWith('/api/files/')).toBe(true);
  const put = await client.request('PUT', upload_url, undefined, {
    raw: bytes,
    contentType: type,
  });
  expect(put.status, put.text).toBeGreaterThanOrEqual(200);
  expect(put.status, put.text).toBeLessThan(300);
  return { file_url, upload_url };
}

describe('update-profile', () => {
  it('persists name, phone and display_mode, and me reflects them', async () => {
    const { client } = await freshUser('profile');
    const res = await client.post('/api/user/update-profile', {
      name: '  Jane    Doe ',
      phone: '5551234567',
      display_mode: 'dark',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(MESSAGES.profileUpdated);
    const returned = userResponseSchema.parse(res.body).data;
    expect(returned).toMatchObject({ name: 'Jane Doe', phone: '5551234567', display_mode: 'dark' });
    expect(await me(client)).toEqual(returned);
  });

  it('changes only the fields sent', async () => {
    const { client } = await freshUser('partial');
    await client.post('/api/user/update-profile', { name: 'First Name', phone: '5550000001' });
    const base = await me(client);

    expect((await client.post('/api/user/update-profile', { display_mode: 'dark' })).status).toBe(
      200,
    );
    expect(await me(client)).toEqual({ ...base, display_mode: 'dark' });

    expect((await client.post('/api/user/update-profile', { phone: '5550000002' })).status).toBe(
      200,
    );
    expect(await me(client)).toEqual({ ...base, display_mode: 'dark', phone: '5550000002' });

    expect((await client.post('/api/user/update-profile', { name: 'Second Name' })).status).toBe(
      200,
    );
    expect(await me(client)).toEqual({
      ...base,
      display_mode: 'dark',
      phone: '5550000002',
      name: 'Second Name',
    });
  });

  it('is refused to an anonymous caller', async () => {
    const res = await t.client().post('/api/user/update-profile', { display_mode: 'dark' });
    expect(res.status).toBe(401);
  });

  it(
    'keeps name and phone of a CRM-linked user but still saves the display mode',
    async () => {
      const { client, email } = await freshUser('crm');
      await client.post('/api/user/update-profile', { name: 'Crm Person', phone: '5550000003' });
      await t.inspect((q) =>
        q(`UPDATE users SET crm_user_id = 'crm-42' WHERE lower(email) = $1`, [email]),
      );
      const base = await me(client);
      expect(base.crm_user_id).toBe('crm-42');

      for (const body of [{ name: 'Changed Name' }, { phone: '5559999999' }]) {
        const res = await client.post('/api/user/update-profile', body);
        expect([403, 422], res.text).toContain(res.status);
        expect(res.body.message).toBe(AUTH_MESSAGES.crmLocked);
      }
      expect(await me(client)).toEqual(base);

      const mode = await client.post('/api/user/update-profile', { display_mode: 'dark' });
      expect(mode.status, mode.text).toBe(200);
      expect(await me(client)).toEqual({ ...base, display_mode: 'dark' });
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('profile photo: pre-signed URL, PUT, then image', () => {
  it('uploads a photo, serves it back, sets it as the image, and clears it', async () => {
    const { client } = await freshUser('photo');
    const { file_url } = await upload(client, 'avatar.png', PNG_1X1, 'image/png');

    const served = await client.get(file_url);
    expect(served.status).toBe(200);
    expect(String(served.headers['content-type'])).toContain('image/png');

    const set = await client.post('/api/user/update-profile', { image: file_url });
    expect(set.status, set.text).toBe(200);
    expect((await me(client)).image).toBe(file_url);

    const cleared = await client.post('/api/user/update-profile', { image: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await me(client)).image).toBeNull();
  });

  it('refuses an upload URL with a tampered signature or key', async () => {
    const { client } = await freshUser('tamper');
    const signed = await client.post('/api/data/pre-signed-url', {
      file_name: 'a.png',
      folder: 'profile',
    });
    const target = new URL(signed.body.data.upload_url as string, APP_URL);
    const badSig = new URL(target);
    badSig.searchParams.set('signature', '0'.repeat(64));
    const otherKey = new URL(target);
    otherKey.pathname = otherKey.pathname.replace(/[^/]+$/, 'other.png');
    for (const url of [badSig, otherKey]) {
      const res = await client.request('PUT', url.pathname + url.search, undefined, {
        raw: PNG_1X1,
        contentType: 'image/png',
      });
      expect([400, 403, 404, 422], res.text).toContain(res.status);
    }
    const file = await client.get(signed.body.data.file_url as string);
    expect(file.status).toBe(404);
  });

  it('refuses an image URL the server did not issue to this user', async () => {
    const { client } = await freshUser('foreign-image');
    const before = await me(client);
    for (const image of [
      'https://evil.example/x.png',
      `${APP_URL}/api/files/profile/not-issued.png`,
    ]) {
      const res = await client.post('/api/user/update-profile', { image });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors.image).toBeDefined();
    }
    // Another user's upload is not theirs to use either.
    const other = t.client();
    await other.loginAs(DEMO.globex.email);
    const { file_url } = await upload(other, 'globex.png', PNG_1X1, 'image/png');
    const res = await client.post('/api/user/update-profile', { image: file_url });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.image).toBeDefined();
    expect(await me(client)).toEqual(before);
  });
});
