import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companyIntegrations } from '../../db/schema/index.js';
import type { SecretBox } from '../../lib/secret-box.js';

export interface ResealOutcome {
  checked: number;
  resealed: number;
}

/**
 * Secret rotation (ADR 017): re-seals under the current secret every saved credential that still
 * opens only with a previous one. Idempotent; a row saved meanwhile under the current secret is
 * left alone (the update matches the envelope it read).
 */
export async function resealCrmCredentials(db: Db, box: SecretBox): Promise<ResealOutcome> {
  const rows = await db
    .select({ id: companyIntegrations.id, sealed: companyIntegrations.valuesSealed })
    .from(companyIntegrations);
  let resealed = 0;
  for (const row of rows) {
    if (!box.needsReseal(row.sealed)) continue;
    const updated = await db
      .update(companyIntegrations)
      .set({ valuesSealed: box.seal(box.open(row.sealed)) })
      .where(eq(companyIntegrations.valuesSealed, row.sealed))
      .returning({ id: companyIntegrations.id });
    resealed += updated.length;
  }
  return { checked: rows.length, resealed };
}
