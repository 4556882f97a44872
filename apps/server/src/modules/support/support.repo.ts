import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supportMessages } from '../../db/schema/index.js';

export function createSupportRepo(db: Db) {
  return {
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(supportMessages)
        .where(and(eq(supportMessages.userId, userId), gte(supportMessages.createdAt, since)));
      return row?.n ?? 0;
    },

    async insert(row: { userId: string; message: string; page: string | null; createdAt: Date }) {
      await db.insert(supportMessages).values(row);
    },

    /** Drops Help panel messages written before `cutoff` (past their retention). */
    async purgeBefore(cutoff: Date): Promise<void> {
      await db.delete(supportMessages).where(lt(supportMessages.createdAt, cutoff));
    },
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
