import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  profileColumns,
  toProfileRow,
  type UserProfileRow,
} from '../../db/queries/user-profile.js';
import { companies, publishers, roles, sessions, timezones, users } from '../../db/schema/index.js';

export interface SessionRow {
  /** SHA-256 of the cookie value. */
  id: string;
  userId: string | null;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface SessionWithProfile extends SessionRow {
  /** The logged-in user's profile, read in the same statement as the session (null when anonymous). */
  profile: UserProfileRow | null;
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;

/** The sessions table; no rules here (expiry and caching are the service's). */
export function createSessionRepo(db: Db) {
  // The hot path of every authenticated request: session, user, role, company and publisher in
  // one prepared statement (one round trip, planned once per connection).
  const findWithProfile = db
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
    .prepare('fieldbot_session_with_profile');

  return {
    async insert(row: SessionRow & { ip: string; userAgent: string | null }): Promise<void> {
      await db.insert(sessions).values(row);
      // A login (a session opened for a user) counts as activity.
      if (row.userId) {
        await db.update(users).set({ lastActiveAt: row.createdAt }).where(eq(users.id, row.userId));
      }
    },

    async findWithProfile(id: string): Promise<SessionWithProfile | null> {
      const [found] = await findWithProfile.execute({ id });
      return found ? { ...found.session, profile: toProfileRow(found) } : null;
    },

    /**
     * Marks the session seen and its user active (the team list's last active) in one statement;
     * the service calls it at most once a minute per session.
     */
    async touch(id: string, at: Date): Promise<void> {
      const iso = at.toISOString();
      await db.execute(sql`with seen as (
          update ${sessions} set last_seen_at = ${iso}::timestamptz
          where id = ${id} returning user_id
        )
        update ${users} set last_active_at = ${iso}::timestamptz
        from seen where ${users.id} = seen.user_id`);
    },

    /** Ends the login but keeps the session (and its CSRF token). */
    async endLogin(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ userId: null, lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async removeAllForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async removeExpired(expiredBefore: Date, idleBefore: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, expiredBefore), lt(sessions.lastSeenAt, idleBefore)));
    },
  };
}
