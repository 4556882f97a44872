import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { profileColumns, toProfileRow, type UserProfileRow } from '../db/queries/user-profile.js';
import { companies, publishers, roles, sessions, timezones, users } from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/tokens.js';

export interface SessionRecord {
  /** SHA-256 of the cookie value. */
  id: string;
  userId: string | null;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** The logged-in user's profile, read in the same query as the session (null when anonymous). */
  profile: UserProfileRow | null;
}

export interface NewSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  record: SessionRecord;
}

export interface SessionStore {
  create(input: {
    userId: string | null;
    ip: string;
    userAgent: string | undefined;
  }): Promise<NewSession>;
  /** The live session for a cookie value, or null. Expired logged-in sessions turn anonymous. */
  resolve(token: string): Promise<SessionRecord | null>;
  destroy(id: string): Promise<void>;
  destroyAllForUser(userId: string): Promise<void>;
  /** Drops this process's cached copies of a user's sessions after their profile changed. */
  forgetUser(userId: string): void;
  purgeExpired(): Promise<void>;
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

/** Bounds the cache's memory: the oldest entries go first. */
const MAX_CACHED_SESSIONS = 10_000;

export function createSessionStore(
  db: Db,
  timings: SessionTimings,
  now = () => Date.now(),
): SessionStore {
  // Writing last_seen_at on every request would double the database work of each call; a
  // coarse update is enough as long as it is small next to the idle window.
  const touchEveryMs = Math.min(60_000, timings.idleMs / 4);
  // An anonymous session only carries a CSRF token for the login form; a short idle limit would
  // just turn a slow typist's first submit into a 419.
  const anonymousIdleMs = Math.max(timings.idleMs, ANONYMOUS_IDLE_MS);
  const cacheMs = timings.cacheMs ?? 0;
  const cache = new Map<string, { at: number; row: SessionRecord }>();

  function remember(row: SessionRecord, at: number): SessionRecord {
    if (cacheMs <= 0) return row;
    cache.delete(row.id);
    cache.set(row.id, { at, row });
    if (cache.size > MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
    return row;
  }

  function forgetWhere(match: (row: SessionRecord) => boolean): void {
    for (const [id, entry] of cache) if (match(entry.row)) cache.delete(id);
  }

  async function lookup(id: string, t: number): Promise<SessionRecord | null> {
    const cached = cache.get(id);
    if (cached && t - cached.at < cacheMs) return cached.row;
    const [found] = await resolveQuery.execute({ id });
    if (!found) {
      cache.delete(id);
      return null;
    }
    return remember({ ...found.session, profile: toProfileRow(found) }, t);
  }

  // The hot path of every authenticated request: session and user in one prepared round trip.
  const resolveQuery = db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        csrfToken: sessions.csrfToken,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      ...profileColumns,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
    .leftJoin(publishers, eq(publishers.id, users.publisherId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('fieldbot_resolve_session');

  return {
    async create({ userId, ip, userAgent }) {
      const token = newToken();
      const at = new Date(now());
      const record: SessionRecord = {
        id: hashToken(token),
        userId,
        csrfToken: newToken(),
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + timings.absoluteMs),
        profile: null,
      };
      await db.insert(sessions).values({
        id: record.id,
        userId,
        csrfToken: record.csrfToken,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: record.expiresAt,
        ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
      });
      return { token, record };
    },

    async resolve(token) {
      if (token.length === 0 || token.length > 100) return null;
      const id = hashToken(token);
      const t = now();
      const row = await lookup(id, t);
      if (!row) return null;
      const idleFor = t - row.lastSeenAt.getTime();
      const idle = idleFor > timings.idleMs;
      const absolute = t >= row.expiresAt.getTime();
      if (absolute || (row.userId === null && idleFor > anonymousIdleMs)) {
        cache.delete(id);
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (idle && row.userId !== null) {
        // The login ends, but the CSRF token stays valid so the next call answers 401
        // (Session Expired) rather than 419.
        const at = new Date(t);
        await db.update(sessions).set({ userId: null, lastSeenAt: at }).where(eq(sessions.id, id));
        return remember({ ...row, userId: null, lastSeenAt: at, profile: null }, t);
      }
      if (t - row.lastSeenAt.getTime() >= touchEveryMs) {
        const at = new Date(t);
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
        return remember({ ...row, lastSeenAt: at }, cache.get(id)?.at ?? t);
      }
      return row;
    },

    async destroy(id) {
      cache.delete(id);
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async destroyAllForUser(userId) {
      forgetWhere((row) => row.userId === userId);
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    forgetUser(userId) {
      forgetWhere((row) => row.userId === userId);
    },

    async purgeExpired() {
      const t = now();
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, new Date(t)),
            lt(sessions.lastSeenAt, new Date(t - anonymousIdleMs)),
          ),
        );
    },
  };
}
