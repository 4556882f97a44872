import type { Db } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema/index.js';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export function createAnalyticsRepo(db: Db) {
  return {
    async insert(rows: NewAnalyticsEvent[]): Promise<void> {
      await db.insert(analyticsEvents).values(rows);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
