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
  purgeExpired(): Promise<void>;
}

export const ANONYMOUS_IDLE_MS = 2 * 60 * 60_000;

export interface SessionTimings {
  idleMs: number;
  absoluteMs: number;
}

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
      const [found] = await resolveQuery.execute({ id });
      if (!found) return null;
      const row: SessionRecord = { ...found.session, profile: toProfileRow(found) };
      const t = now();
      const idleFor = t - row.lastSeenAt.getTime();
      const idle = idleFor > timings.idleMs;
      const absolute = t >= row.expiresAt.getTime();
      if (absolute || (row.userId === null && idleFor > anonymousIdleMs)) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (idle && row.userId !== null) {
        // The login ends, but the CSRF token stays valid so the next call answers 401
        // (Session Expired) rather than 419.
        const at = new Date(t);
        await db.update(sessions).set({ userId: null, lastSeenAt: at }).where(eq(sessions.id, id));
        return { ...row, userId: null, lastSeenAt: at, profile: null };
      }
      if (t - row.lastSeenAt.getTime() >= touchEveryMs) {
        const at = new Date(t);
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
        return { ...row, lastSeenAt: at };
      }
      return row;
    },

    async destroy(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async destroyAllForUser(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
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
