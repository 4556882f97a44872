import { AUTH_MESSAGES, CSRF_HEADER } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { databaseFingerprint } from './support/db-fingerprint';
import { DEMO } from './support/demo';
import { useTestApp, uniqueEmail, SLOW_TEST_TIMEOUT_MS } from './support/test-app';

const PASSWORD = 'Tangerine#Kiwi2026x';

/** Every mutating route with a body that would succeed with a valid header. */
const ROUTES: { path: string; body: (email: string) => unknown; loggedIn: boolean }[] = [
  {
    path: '/api/user/signup',
    body: (email) => ({
      name: 'Csrf Test',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
    loggedIn: false,
  },
  {
    path: '/api/user/login',
    body: () => ({ email: DEMO.tech.email, password: 'Demo@12345' }),
    loggedIn: false,
  },
  { path: '/api/user/logout', body: () => ({ device_uuid: 'd1' }), loggedIn: true },
  { path: '/api/user/forgot-password', body: () => ({ email: DEMO.tech.email }), loggedIn: false },
  {
    path: '/api/user/reset-password',
    body: () => ({ token: 'abc', password: PASSWORD, password_confirmation: PASSWORD }),
    loggedIn: false,
  },
  {
    path: '/api/user/change-password',
    body: () => ({
      current_password: 'Demo@12345',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
    loggedIn: true,
  },
  {
    path: '/api/user/validate-publisher-invitation-token',
    body: () => ({ invitation_token: 'abc' }),
    loggedIn: false,
  },
  {
    path: '/api/user/accept-invite',
    body: () => ({
      invitation_token: 'abc',
      name: 'Csrf',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
    loggedIn: false,
  },
  {
    path: '/api/user/update-profile',
    body: () => ({ name: 'Csrf Changed', phone: '5551234567' }),
    loggedIn: true,
  },
  {
    path: '/api/data/pre-signed-url',
    body: () => ({ file_name: 'a.png', folder: 'profile' }),
    loggedIn: true,
  },
];

/** A 1×1 PNG. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const t = useTestApp();

async function clientFor(loggedIn: boolean): Promise<ApiClient> {
  const c = t.client();
  if (loggedIn) await c.loginAs(DEMO.tech.email);
  else await c.fetchCsrfCookie();
  return c;
}

function expect419(res: { status: number; body: unknown; text: string }) {
  expect(res.status, res.text).toBe(419);
  expect(res.body).toEqual({ message: AUTH_MESSAGES.csrfMismatch });
}

describe('every mutating route checks X-XSRF-TOKEN', () => {
  it(
    'answers 419 without the header, with a wrong one, or with another session’s, and changes nothing',
    async () => {
      const before = await databaseFingerprint(t);
      const stranger = t.client();
      await stranger.fetchCsrfCookie();
      for (const route of ROUTES) {
        const email = uniqueEmail('csrf');
        const missing = await (
          await clientFor(route.loggedIn)
        ).post(route.path, route.body(email), {
          csrf: 'omit',
        });
        expect419(missing);
        const wrong = await (
          await clientFor(route.loggedIn)
        ).post(route.path, route.body(email), {
          csrf: 'not-the-token',
        });
        expect419(wrong);
        const foreign = await (
          await clientFor(route.loggedIn)
        ).post(route.path, route.body(email), {
          csrf: stranger.csrfToken ?? '',
        });
        expect419(foreign);
      }
      expect(await databaseFingerprint(t)).toEqual(before);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('answers 419 to a caller with no cookies at all', async () => {
    const c = t.client();
    const res = await c.post(
      '/api/user/login',
      { email: DEMO.tech.email, password: 'Demo@12345' },
      {
        csrf: 'omit',
      },
    );
    expect419(res);
    // And the header alone, without a session to compare with, is not enough.
    const bare = t.client();
    const forged = await bare.request(
      'POST',
      '/api/user/login',
      { email: DEMO.tech.email, password: 'Demo@12345' },
      {
        csrf: 'omit',
        headers: { [CSRF_HEADER]: 'forged', cookie: 'XSRF-TOKEN=forged' },
      },
    );
    expect419(forged);
  });

  it('creates no account from a signup without the header', async () => {
    const email = uniqueEmail('csrf-signup');
    const body = { name: 'No Csrf', email, password: PASSWORD, password_confirmation: PASSWORD };
    const c = await clientFor(false);
    expect419(await c.post('/api/user/signup', body, { csrf: 'omit' }));

    // An unverified account would answer with the verification message; none exists.
    const login = await t.client().post('/api/user/login', { email, password: PASSWORD });
    expect(login.status).toBe(422);
    expect(login.body.errors.email).toEqual([AUTH_MESSAGES.invalidCredentials]);
    expect(await t.outbox.mailsTo(email)).toEqual([]);

    // The same signup with the header succeeds (the address was never taken).
    const ok = await c.post('/api/user/signup', body);
    expect(ok.status, ok.text).toBe(201);
  });

  it('keeps the session after a logout without the header', async () => {
    const c = await clientFor(true);
    expect419(await c.post('/api/user/logout', {}, { csrf: 'omit' }));
    expect((await c.get('/api/user/me')).status).toBe(200);
  });

  it('keeps the password after a change-password without the header', async () => {
    const c = await clientFor(true);
    expect419(
      await c.post(
        '/api/user/change-password',
        { current_password: 'Demo@12345', password: PASSWORD, password_confirmation: PASSWORD },
        { csrf: 'wrong' },
      ),
    );
    await t.client().loginAs(DEMO.tech.email);
  });

  it('keeps the profile after an update-profile without the header', async () => {
    const c = await clientFor(true);
    const before = (await c.get('/api/user/me')).body.data;
    expect419(
      await c.post(
        '/api/user/update-profile',
        { name: 'Hacked Name', display_mode: 'dark' },
        { csrf: 'omit' },
      ),
    );
    const after = (await c.get('/api/user/me')).body.data;
    expect(after.name).toBe(before.name);
    expect(after.display_mode).toBe(before.display_mode);
  });

  it('does not ask GET requests for the header', async () => {
    const c = await clientFor(true);
    expect((await c.get('/api/user/me')).status).toBe(200);
  });

  it('protects the PUT upload by its signed URL instead (browsers PUT to S3 without the header)', async () => {
    const c = await clientFor(true);
    const signed = await c.post('/api/data/pre-signed-url', {
      file_name: 'avatar.png',
      folder: 'profile',
    });
    expect(signed.status, signed.text).toBe(200);
    const { upload_url, file_url } = signed.body.data as { upload_url: string; file_url: string };
    const target = new URL(upload_url, 'http://localhost');
    target.searchParams.set('signature', 'f'.repeat(64));
    const forged = await c.request('PUT', target.pathname + target.search, undefined, {
      csrf: 'omit',
      raw: PNG_BYTES,
      contentType: 'image/png',
    });
    expect(forged.status, forged.text).toBe(403);
    expect(forged.body).toEqual({ message: AUTH_MESSAGES.forbidden });
    const file = await c.get(file_url);
    expect(file.status).toBe(404);
  });
});
