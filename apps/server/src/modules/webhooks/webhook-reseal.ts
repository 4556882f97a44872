import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import type { SecretBox } from '../../lib/secret-box.js';

/**
 * After the sealing secret rotates (ADR 017), re-seals every signing secret (current and previous)
 * that opens only with a previous one, so that one can be dropped. Idempotent; a row changed
 * meanwhile (a rotation) is left alone: the update matches the envelopes it read.
 */
export async function resealWebhookSecrets(
  db: Db,
  box: SecretBox,
): Promise<{ checked: number; resealed: number; unreadable: number }> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secretSealed,
      previous: webhookEndpoints.previousSecretSealed,
    })
    .from(webhookEndpoints);
  let resealed = 0;
  let unreadable = 0;
  const again = (sealed: string) => (box.needsReseal(sealed) ? box.seal(box.open(sealed)) : sealed);
  for (const row of rows) {
    const stale = box.needsReseal(row.secret) || (row.previous && box.needsReseal(row.previous));
    if (!stale) continue;
    let values;
    try {
      values = {
        secretSealed: again(row.secret),
        previousSecretSealed: row.previous ? again(row.previous) : null,
      };
    } catch {
      // Sealed under a secret no longer configured: only a new secret (rotate) helps it.
      unreadable += 1;
      continue;
    }
    const updated = await db
      .update(webhookEndpoints)
      .set(values)
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secretSealed, row.secret)))
      .returning({ id: webhookEndpoints.id });
    resealed += updated.length;
  }
  return { checked: rows.length, resealed, unreadable };
}
