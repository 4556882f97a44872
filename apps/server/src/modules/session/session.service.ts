import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionRepo, SessionWithProfile } from './session.repo.js';

export type SessionRecord = SessionWithProfile;

export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  record: SessionRecord;
}

export const ANONYMOUS_IDLE_MS = 2 * 60 * 60_000;

export interface SessionTimings {
  idleMs: number;
  absoluteMs: number;
  /**
   * How long a looked-up session (and the profile read with it) may be reused by this process.
   * Expiry is still checked on every request; other processes see a logout or profile change
   * at most this late (ADR 003). 0 turns the cache off.
   */
  cacheMs?: number;
}

export interface SessionServiceDeps {
  repo: Pick<
    SessionRepo,
    | 'insert'
    | 'findWithProfile'
    | 'touch'
    | 'endLogin'
    | 'remove'
    | 'removeAllForUser'
    | 'removeExpired'
  >;
  timings: SessionTimings;
  /** The clock (ms since the epoch); every expiry rule reads time only through it. */
  now?: () => number;
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Bounds the cache's memory: the oldest entries go first. */
const MAX_CACHED_SESSIONS = 10_000;

/** Session lifetimes (idle, absolute, anonymous) and the per-process cache of looked-up sessions. */
export function createSessionService({
  repo,
  timings,
  now = () => Date.now(),
}: SessionServiceDeps) {
  // Writing last_seen_at on every request would double the database work of each call; a
  // coarse update is enough as long as it is small next to the idle window.
  const touchEveryMs = Math.min(60_000, timings.idleMs / 4);
  // An anonymous session only carries a CSRF token for the login form; a short idle limit would
  // just turn a slow typist's first submit into a 419.
  const anonymousIdleMs = Math.max(timings.idleMs, ANONYMOUS_IDLE_MS);
  const cacheMs = timings.cacheMs ?? 0;
  // Keyed by the cookie value rather than its hash, so a cached request hashes nothing.
  const cache = new Map<string, { at: number; row: SessionRecord }>();

  function remember(token: string, row: SessionRecord, at: number): SessionRecord {
    if (cacheMs <= 0) return row;
    cache.delete(token);
    cache.set(token, { at, row });
    if (cache.size > MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
    return row;
  }

  function forgetWhere(match: (row: SessionRecord) => boolean): void {
    for (const [token, entry] of cache) if (match(entry.row)) cache.delete(token);
  }

  async function lookup(token: string, t: number): Promise<SessionRecord | null> {
    const cached = cache.get(token);
    if (cached && t - cached.at < cacheMs) return cached.row;
    const found = await repo.findWithProfile(hashToken(token));
    if (!found) {
      cache.delete(token);
      return null;
    }
    return remember(token, found, t);
  }

  return {
    async create(input: {
      userId: string | null;
      ip: string;
      userAgent: string | undefined;
    }): Promise<NewSession> {
      const token = newToken();
      const at = new Date(now());
      const record: SessionRecord = {
        id: hashToken(token),
        userId: input.userId,
        csrfToken: newToken(),
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + timings.absoluteMs),
        profile: null,
      };
      const { profile: _none, ...row } = record;
      await repo.insert({
        ...row,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      });
      return { token, record };
    },

    /** The live session for a cookie value, or null. Expired logged-in sessions turn anonymous. */
    async resolve(token: string): Promise<SessionRecord | null> {
      if (token.length === 0 || token.length > 100) return null;
      const t = now();
      const row = await lookup(token, t);
      if (!row) return null;
      const idleFor = t - row.lastSeenAt.getTime();
      if (t >= row.expiresAt.getTime() || (row.userId === null && idleFor > anonymousIdleMs)) {
        cache.delete(token);
        await repo.remove(row.id);
        return null;
      }
      if (idleFor > timings.idleMs && row.userId !== null) {
        // The login ends, but the CSRF token stays valid so the next call answers 401
        // (Session Expired) rather than 419.
        const at = new Date(t);
        await repo.endLogin(row.id, at);
        return remember(token, { ...row, userId: null, lastSeenAt: at, profile: null }, t);
      }
      if (idleFor >= touchEveryMs) {
        const at = new Date(t);
        await repo.touch(row.id, at);
        // The cache entry keeps its age: the touch did not re-read the user.
        return remember(token, { ...row, lastSeenAt: at }, cache.get(token)?.at ?? t);
      }
      return row;
    },

    async destroy(id: string): Promise<void> {
      forgetWhere((row) => row.id === id);
      await repo.remove(id);
    },

    async destroyAllForUser(userId: string): Promise<void> {
      forgetWhere((row) => row.userId === userId);
      await repo.removeAllForUser(userId);
    },

    /** Drops this process's cached copies of a user's sessions after their profile changed. */
    forgetUser(userId: string): void {
      forgetWhere((row) => row.userId === userId);
    },

    /** Drops this process's cached sessions of every member of a company after it changed. */
    forgetCompany(companyId: string): void {
      forgetWhere(
        (row) =>
          row.profile?.company?.id === companyId || row.profile?.user.companyId === companyId,
      );
    },

    async purgeExpired(): Promise<void> {
      const t = now();
      await repo.removeExpired(new Date(t), new Date(t - anonymousIdleMs));
    },
  };
}
