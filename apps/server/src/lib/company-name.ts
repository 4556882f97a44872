import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/index.js';

/** The company's name; null when there is no such company. */
export async function companyName(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? null;
}
