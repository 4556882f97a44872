import { millicentsToCents, minutesChargeCents, billedMinutes } from '@fieldbot/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bots, botUsage, usageRecords } from '../../db/schema/index.js';

/** One bot's billable runs in a period. */
export interface BotUsageLine {
  botId: string;
  botName: string;
  runs: number;
  clientCostMillicents: number;
  /** Rounded once, half up: what the invoice line and the spend total use. */
  amountCents: number;
}

/** What a company used in [start, end): the invoice's lines and the capacity spend read this. */
export interface PeriodUsage {
  seconds: number;
  minutes: number;
  minutesCents: number;
  bots: BotUsageLine[];
  botRunsCents: number;
  totalCents: number;
}

/**
 * A company's metered usage of a billing period: recorded minutes (usage_records) at the platform
 * price, and billable bot runs (bot_usage) at the client cost fixed when each was metered. Both
 * read their (company_id, recorded_at) index; one rounding per line keeps invoice and spend equal.
 */
export async function periodUsage(
  db: Db,
  companyId: string,
  range: { start: Date; end: Date },
  pricePerMinuteCents: number,
): Promise<PeriodUsage> {
  const [minutesRow] = await db
    .select({ seconds: sql<number>`coalesce(sum(${usageRecords.seconds}), 0)::float8` })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.companyId, companyId),
        gte(usageRecords.recordedAt, range.start),
        lt(usageRecords.recordedAt, range.end),
      ),
    );
  const botRows = await db
    .select({
      botId: botUsage.botId,
      botName: bots.name,
      runs: sql<number>`count(*)::int`,
      clientCostMillicents: sql<number>`coalesce(sum(${botUsage.clientCostMillicents}), 0)::float8`,
    })
    .from(botUsage)
    .innerJoin(bots, eq(bots.id, botUsage.botId))
    .where(
      and(
        eq(botUsage.companyId, companyId),
        eq(botUsage.billable, true),
        gte(botUsage.recordedAt, range.start),
        lt(botUsage.recordedAt, range.end),
      ),
    )
    .groupBy(botUsage.botId, bots.name)
    .orderBy(bots.name);

  const seconds = Number(minutesRow?.seconds ?? 0);
  const minutesCents = minutesChargeCents(seconds, pricePerMinuteCents);
  const lines = botRows.map((row) => {
    const cost = Number(row.clientCostMillicents);
    return {
      botId: row.botId,
      botName: row.botName,
      runs: Number(row.runs),
      clientCostMillicents: cost,
      amountCents: millicentsToCents(cost),
    };
  });
  const botRunsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    seconds,
    minutes: billedMinutes(seconds),
    minutesCents,
    bots: lines,
    botRunsCents,
    totalCents: minutesCents + botRunsCents,
  };
}
