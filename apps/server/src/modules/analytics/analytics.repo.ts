import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export function createAnalyticsRepo(db: Db) {
  return {
    async insert(rows: NewAnalyticsEvent[]): Promise<void> {
      await db.insert(analyticsEvents).values(rows);
    },
    /** Events of `userId` received since `since`. */
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.userId, userId), gte(analyticsEvents.receivedAt, since)));
      return row?.n ?? 0;
    },
    /** Drops events received before `cutoff` (past their retention). */
    async purgeBefore(cutoff: Date): Promise<void> {
      await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, cutoff));
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
