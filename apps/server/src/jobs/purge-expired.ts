import { lt, or } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { ANALYTICS_RETENTION_DAYS } from '@fieldbot/shared';
import {
  analyticsEvents,
  emailVerificationTokens,
  loginAttempts,
  passwordResetTokens,
  supportMessages,
} from '../db/schema/index.js';
import type { SessionService } from '../modules/session/index.js';

export const PURGE_EXPIRED_QUEUE = 'purge-expired';

export interface PurgeDeps {
  db: Db;
  sessions: Pick<SessionService, 'purgeExpired'>;
  loginWindowMs: number;
  now?: () => number;
}

/**
 * Deletes rows that can no longer matter: dead sessions, old attempts, spent or stale tokens, and
 * analytics events and Help panel messages past their retention.
 */
export async function purgeExpired({ db, sessions, loginWindowMs, now = Date.now }: PurgeDeps) {
  const t = now();
  await sessions.purgeExpired();
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(t - loginWindowMs)));
  // Spent tokens are kept a day for support questions, then dropped.
  const dayAgo = new Date(t - 86_400_000);
  await db
    .delete(emailVerificationTokens)
    .where(
      or(lt(emailVerificationTokens.expiresAt, dayAgo), lt(emailVerificationTokens.usedAt, dayAgo)),
    );
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, dayAgo), lt(passwordResetTokens.usedAt, dayAgo)));
  const retained = new Date(t - ANALYTICS_RETENTION_DAYS * 86_400_000);
  await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, retained));
  await db.delete(supportMessages).where(lt(supportMessages.createdAt, retained));
}

export async function registerPurgeExpired(boss: PgBoss, deps: PurgeDeps): Promise<void> {
  await boss.createQueue(PURGE_EXPIRED_QUEUE, { name: PURGE_EXPIRED_QUEUE, retryLimit: 1 });
  // Hourly, once across all worker processes (pg-boss schedules are cluster-wide).
  await boss.schedule(PURGE_EXPIRED_QUEUE, '17 * * * *');
  await boss.work(PURGE_EXPIRED_QUEUE, async () => {
    await purgeExpired(deps);
  });
}
