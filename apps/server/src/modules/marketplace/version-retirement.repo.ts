import { utcDay } from '@fieldbot/shared';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botVersions, bots, companyBots } from '../../db/schema/index.js';

export interface VersionsRetired {
  versionsRetired: number;
  pinsMoved: number;
}

/**
 * Pins on versions whose retires_on (UTC) has come move to the newest version of the bot, and the
 * version is marked retired. Each version is one transaction that locks its row first: a second
 * run at the same time waits, then finds it retired and moves nothing.
 */
export async function retireVersionsDue(db: Db, now: Date): Promise<VersionsRetired> {
  const due = await db
    .select({ id: botVersions.id })
    .from(botVersions)
    .where(and(lte(botVersions.retiresOn, utcDay(now)), isNull(botVersions.retiredAt)));
  let versionsRetired = 0;
  let pinsMoved = 0;
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const [version] = await tx
        .select({ botId: botVersions.botId, retiredAt: botVersions.retiredAt })
        .from(botVersions)
        .where(eq(botVersions.id, id))
        .for('update');
      if (!version || version.retiredAt) return null;
      const [newest] = await tx
        .select({ id: botVersions.id })
        .from(bots)
        .innerJoin(
          botVersions,
          and(eq(botVersions.botId, bots.id), eq(botVersions.number, bots.latestVersion)),
        )
        .where(eq(bots.id, version.botId));
      // Deprecation refuses the newest version, so there is always a newer one to move to.
      if (!newest || newest.id === id) return null;
      const pins = await tx
        .update(companyBots)
        .set({ versionId: newest.id })
        .where(eq(companyBots.versionId, id))
        .returning({ companyId: companyBots.companyId });
      await tx
        .update(botVersions)
        .set({ retiredAt: sql`now()` })
        .where(eq(botVersions.id, id));
      return pins.length;
    });
    if (moved === null) continue;
    versionsRetired += 1;
    pinsMoved += moved;
  }
  return { versionsRetired, pinsMoved };
}
