import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO } from './support/demo';
import { useTestApp } from './support/test-app';

const CACHE_MS = 1500;

/** The per-process session cache must never outlive what this process itself changed. */
describe('session cache (SESSION_CACHE_MS)', () => {
  const t = useTestApp({ env: { SESSION_CACHE_MS: String(CACHE_MS) } });
  afterEach(() => vi.useRealTimers());

  it('ends a session at logout at once, even while it is cached', async () => {
    const c = t.client();
    await c.loginAs(DEMO.manager.email);
    expect((await c.get('/api/user/me')).status).toBe(200);
    const replay = c.clone();
    expect((await c.post('/api/user/logout', {})).status).toBe(200);
    expect((await replay.get('/api/user/me')).status).toBe(401);
  });

  it('shows a profile change at once to every session of the user in this process', async () => {
    const first = t.client();
    const second = t.client();
    await first.loginAs(DEMO.admin.email);
    await second.loginAs(DEMO.admin.email);
    expect((await second.get('/api/user/me')).body.data.display_mode).toBe('light');
    const res = await first.post('/api/user/update-profile', { display_mode: 'dark' });
    expect(res.status, res.text).toBe(200);
    expect((await second.get('/api/user/me')).body.data.display_mode).toBe('dark');
  });

  it('reads a change made elsewhere (another process) once the cache time has passed', async () => {
    const c = t.client();
    await c.loginAs(DEMO.publisher.email);
    expect((await c.get('/api/user/me')).body.data.name).not.toBe('Renamed Elsewhere');
    await t.inspect((q) =>
      q(`UPDATE users SET name = 'Renamed Elsewhere' WHERE email = $1`, [DEMO.publisher.email]),
    );
    // Moving the server's clock (Date only) past the cache time instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CACHE_MS + 1);
    expect((await c.get('/api/user/me')).body.data.name).toBe('Renamed Elsewhere');
  });
});
