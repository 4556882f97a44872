import { describe, expect, it } from 'vitest';
import type { UserProfileRow } from '../../db/queries/user-profile.js';
import { hashToken } from '../../lib/tokens.js';
import type { SessionRow, SessionWithProfile } from './session.repo.js';
import {
  ANONYMOUS_IDLE_MS,
  createSessionService,
  type SessionServiceDeps,
} from './session.service.js';

const MINUTE = 60_000;
const PROFILE = { user: { id: 'u1' } } as unknown as UserProfileRow;

/** The sessions table in memory, counting the statements the service sends. */
function memoryRepo() {
  const rows = new Map<string, SessionRow>();
  const calls = { find: 0, touch: 0, endLogin: 0, remove: 0 };
  const repo: SessionServiceDeps['repo'] = {
    insert: async ({ ip: _ip, userAgent: _ua, ...row }) => void rows.set(row.id, row),
    findWithProfile: async (id): Promise<SessionWithProfile | null> => {
      calls.find += 1;
      const row = rows.get(id);
      return row ? { ...row, profile: row.userId ? PROFILE : null } : null;
    },
    touch: async (id, at) => {
      calls.touch += 1;
      const row = rows.get(id);
      if (row) row.lastSeenAt = at;
    },
    endLogin: async (id, at) => {
      calls.endLogin += 1;
      const row = rows.get(id);
      if (row) Object.assign(row, { userId: null, lastSeenAt: at });
    },
    remove: async (id) => {
      calls.remove += 1;
      rows.delete(id);
    },
    removeAllForUser: async (userId) => {
      for (const [id, row] of rows) if (row.userId === userId) rows.delete(id);
    },
    removeExpired: async (expiredBefore, idleBefore) => {
      for (const [id, row] of rows) {
        if (row.expiresAt < expiredBefore || row.lastSeenAt < idleBefore) rows.delete(id);
      }
    },
  };
  return { repo, rows, calls };
}

function setup(timings: { idleMs?: number; absoluteMs?: number; cacheMs?: number } = {}) {
  let t = Date.UTC(2026, 10, 23, 9, 0);
  const memory = memoryRepo();
  const sessions = createSessionService({
    repo: memory.repo,
    timings: { idleMs: 120 * MINUTE, absoluteMs: 30 * 24 * 60 * MINUTE, ...timings },
    now: () => t,
  });
  return {
    ...memory,
    sessions,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('session service', () => {
  it('stores only the hash of the cookie value and resolves the session with its profile', async () => {
    const { sessions, rows } = setup();
    const { token, record } = await sessions.create({
      userId: 'u1',
      ip: '1.2.3.4',
      userAgent: 'x',
    });
    expect(rows.has(token)).toBe(false);
    expect(record.id).toBe(hashToken(token));
    const found = await sessions.resolve(token);
    expect(found?.userId).toBe('u1');
    expect(found?.profile).toBe(PROFILE);
    expect(await sessions.resolve('not-a-session')).toBeNull();
    expect(await sessions.resolve('')).toBeNull();
  });

  it('ends the login after the idle period but keeps the CSRF token', async () => {
    const { sessions, rows, advance } = setup({ idleMs: 10 * MINUTE });
    const { token, record } = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    advance(10 * MINUTE + 1);
    const expired = await sessions.resolve(token);
    expect(expired).toMatchObject({ userId: null, profile: null, csrfToken: record.csrfToken });
    expect(rows.get(record.id)?.userId).toBeNull();
  });

  it('keeps an active session alive past the idle period, touching it at most every interval', async () => {
    const { sessions, advance, calls } = setup({ idleMs: 10 * MINUTE });
    const { token } = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    for (let i = 0; i < 60; i += 1) {
      advance(20_000);
      expect((await sessions.resolve(token))?.userId, `after ${(i + 1) * 20} s`).toBe('u1');
    }
    // A write at most once a minute: 20 minutes of calls every 20 s, 20 writes, not 60.
    expect(calls.touch).toBe(20);
  });

  it('deletes a session at its absolute lifetime, however active', async () => {
    const { sessions, rows, advance } = setup({ idleMs: 10 * MINUTE, absoluteMs: 30 * MINUTE });
    const { token, record } = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    for (let i = 0; i < 5; i += 1) {
      advance(5 * MINUTE);
      expect(await sessions.resolve(token)).not.toBeNull();
    }
    advance(5 * MINUTE);
    expect(await sessions.resolve(token)).toBeNull();
    expect(rows.has(record.id)).toBe(false);
  });

  it('gives an anonymous session (login form) at least two hours', async () => {
    const { sessions, advance } = setup({ idleMs: 10 * MINUTE });
    const { token } = await sessions.create({ userId: null, ip: '', userAgent: undefined });
    advance(ANONYMOUS_IDLE_MS - 1);
    expect(await sessions.resolve(token)).not.toBeNull();
    advance(ANONYMOUS_IDLE_MS + 1);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('reuses a looked-up session for cacheMs, then reads it again', async () => {
    const { sessions, advance, calls } = setup({ cacheMs: 1000 });
    const { token } = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    await sessions.resolve(token);
    advance(999);
    await sessions.resolve(token);
    expect(calls.find).toBe(1);
    advance(1);
    await sessions.resolve(token);
    expect(calls.find).toBe(2);
  });

  it('drops cached sessions at once on destroy, destroyAllForUser and forgetUser', async () => {
    const { sessions, calls } = setup({ cacheMs: 60_000 });
    const a = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    const b = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    await sessions.resolve(a.token);
    await sessions.resolve(b.token);
    sessions.forgetUser('u1');
    await sessions.resolve(a.token);
    expect(calls.find).toBe(3);
    await sessions.destroy(a.record.id);
    expect(await sessions.resolve(a.token)).toBeNull();
    await sessions.destroyAllForUser('u1');
    expect(await sessions.resolve(b.token)).toBeNull();
  });

  it('forgetCompany drops the cached sessions of that company’s members only', async () => {
    const { sessions, calls, repo } = setup({ cacheMs: 60_000 });
    const companyOf: Record<string, string> = { u1: 'c1', u2: 'c2' };
    const find = repo.findWithProfile;
    repo.findWithProfile = async (id) => {
      const row = await find(id);
      if (!row?.userId) return row;
      const company = companyOf[row.userId]!;
      const profile = { user: { id: row.userId, companyId: company }, company: { id: company } };
      return { ...row, profile: profile as unknown as UserProfileRow };
    };
    const member = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    const outsider = await sessions.create({ userId: 'u2', ip: '', userAgent: undefined });
    await sessions.resolve(member.token);
    await sessions.resolve(outsider.token);
    expect(calls.find).toBe(2);
    sessions.forgetCompany('c1');
    await sessions.resolve(outsider.token);
    expect(calls.find).toBe(2);
    await sessions.resolve(member.token);
    expect(calls.find).toBe(3);
  });

  it('purges sessions past their lifetime or anonymous idle limit', async () => {
    const { sessions, rows, advance } = setup({ absoluteMs: 3 * ANONYMOUS_IDLE_MS });
    const anonymous = await sessions.create({ userId: null, ip: '', userAgent: undefined });
    const user = await sessions.create({ userId: 'u1', ip: '', userAgent: undefined });
    advance(ANONYMOUS_IDLE_MS + 1);
    await sessions.purgeExpired();
    expect(rows.has(anonymous.record.id)).toBe(false);
    // Not touched since, so also past the anonymous idle limit: the row is dead either way.
    expect(rows.has(user.record.id)).toBe(false);
  });
});
