import { AUTH_MESSAGES, CSRF_COOKIE, SESSION_COOKIE } from '@fieldbot/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO } from './support/demo';
import { useTestApp } from './support/test-app';

describe('sessions (default lifetime)', () => {
  const t = useTestApp();

  it('GET /api/csrf-cookie sets the session and XSRF-TOKEN cookies with the contract attributes', async () => {
    const c = t.client();
    const res = await c.get('/api/csrf-cookie');
    expect(res.status).toBe(204);
    const session = res.setCookies.find((k) => k.name === SESSION_COOKIE);
    const xsrf = res.setCookies.find((k) => k.name === CSRF_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(String(session?.sameSite).toLowerCase()).toBe('lax');
    expect(session?.path).toBe('/');
    expect(session?.secure).toBeFalsy(); // APP_URL is http
    expect(xsrf?.httpOnly).toBeFalsy(); // the page must read it
    expect(String(xsrf?.sameSite).toLowerCase()).toBe('lax');
    expect(xsrf?.path).toBe('/');
    expect(xsrf?.value.length).toBeGreaterThanOrEqual(20);
  });

  it('gives a new session id and CSRF token on login (no fixation)', async () => {
    const c = t.client();
    await c.fetchCsrfCookie();
    const preSession = c.sessionCookie;
    const preToken = c.csrfToken;
    expect(preSession).toBeDefined();
    const attacker = c.clone();

    await c.loginAs(DEMO.admin.email);
    expect(c.sessionCookie).toBeDefined();
    expect(c.sessionCookie).not.toBe(preSession);
    expect(c.csrfToken).not.toBe(preToken);
    expect((await c.get('/api/user/me')).status).toBe(200);

    // Whoever planted or saw the pre-login cookie is not logged in by the victim's login.
    const planted = await attacker.get('/api/user/me');
    expect(planted.status).toBe(401);
  });

  it('rejects the old CSRF token after login rotated it', async () => {
    const c = t.client();
    await c.fetchCsrfCookie();
    const oldToken = c.csrfToken ?? '';
    await c.loginAs(DEMO.manager.email);
    const res = await c.post(
      '/api/user/update-profile',
      { display_mode: 'dark' },
      { csrf: oldToken },
    );
    expect(res.status).toBe(419);
  });

  it('ends the session on the server at logout: the replayed cookie is refused', async () => {
    const c = t.client();
    await c.loginAs(DEMO.tech.email);
    const stolen = c.clone();
    const logout = await c.post('/api/user/logout', { device_uuid: 'abc' });
    expect(logout.status).toBe(200);
    // Cookies are cleared on the client.
    expect(c.sessionCookie).toBeUndefined();

    const replay = await stolen.get('/api/user/me');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });

  it('answers an invented session cookie with 401', async () => {
    const c = t.client();
    c.jar.set(SESSION_COOKIE, 'x'.repeat(43));
    const res = await c.get('/api/user/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });

  it('keeps two logins of the same user independent', async () => {
    const a = t.client();
    const b = t.client();
    await a.loginAs(DEMO.globex.email);
    await b.loginAs(DEMO.globex.email);
    expect(a.sessionCookie).not.toBe(b.sessionCookie);
    expect((await a.post('/api/user/logout', {})).status).toBe(200);
    expect((await a.get('/api/user/me')).status).toBe(401);
    expect((await b.get('/api/user/me')).status).toBe(200);
  });
});

describe('sessions (idle expiry, default SESSION_IDLE_MINUTES=120)', () => {
  const t = useTestApp();
  const IDLE_MS = 120 * 60_000;
  // The server reads time through Date only; moving it stands in for hours of waiting.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('answers 401 after the idle period', async () => {
    const c = t.client();
    await c.loginAs(DEMO.admin.email);
    expect((await c.get('/api/user/me')).status).toBe(200);
    advance(IDLE_MS + 1000);
    const res = await c.get('/api/user/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
    // Still expired on the next call: the session is gone, not merely late.
    expect((await c.get('/api/user/me')).status).toBe(401);
  });

  it('keeps an active session alive past the idle period', async () => {
    const c = t.client();
    await c.loginAs(DEMO.manager.email);
    for (let i = 0; i < 6; i += 1) {
      advance(IDLE_MS / 3);
      const res = await c.get('/api/user/me');
      expect(res.status, `request ${i} after ${((i + 1) * 40).toString()} min`).toBe(200);
    }
  });
});
