import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publishers } from '../../db/schema/index.js';

export type PublishersRepo = ReturnType<typeof createPublishersRepo>;

export function createPublishersRepo(db: Db) {
  return {
    /** Codes are matched case-insensitively: they are typed from printed links. */
    async nameByCode(code: string): Promise<string | null> {
      const [row] = await db
        .select({ name: publishers.name })
        .from(publishers)
        .where(sql`lower(${publishers.code}) = ${code.toLowerCase()}`)
        .limit(1);
      return row?.name ?? null;
    },
  };
}
