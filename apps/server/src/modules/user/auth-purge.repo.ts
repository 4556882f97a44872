import { lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  emailVerificationTokens,
  loginAttempts,
  passwordResetTokens,
} from '../../db/schema/index.js';

/** Spent or expired tokens are kept this long for support questions, then dropped. */
const SPENT_TOKEN_KEEP_MS = 86_400_000;

/** Drops log-in attempts older than their rate-limit window and tokens spent or expired a day ago. */
export async function purgeStaleAuthRows(
  db: Db,
  now: number,
  loginWindowMs: number,
): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now - loginWindowMs)));
  const dayAgo = new Date(now - SPENT_TOKEN_KEEP_MS);
  await db
    .delete(emailVerificationTokens)
    .where(
      or(lt(emailVerificationTokens.expiresAt, dayAgo), lt(emailVerificationTokens.usedAt, dayAgo)),
    );
  await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, dayAgo), lt(passwordResetTokens.usedAt, dayAgo)));
}
