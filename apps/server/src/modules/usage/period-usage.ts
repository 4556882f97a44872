import { millicentsToCents, minutesChargeCents, billedMinutes } from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
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

/** One company's billing period: [start, end) in its time zone. */
export interface UsageWindow {
  companyId: string;
  start: Date;
  end: Date;
}

/**
 * The metered usage of many companies' periods in two queries (the month close reads hundreds at
 * a time): recorded minutes (usage_records) at the platform price, and billable bot runs
 * (bot_usage) at the client cost fixed when each was metered. Both read their (company_id,
 * recorded_at) index once per window; one rounding per line keeps invoice and spend equal. One
 * window per company.
 */
export async function periodUsages(
  db: Db,
  windows: UsageWindow[],
  pricePerMinuteCents: number,
): Promise<Map<string, PeriodUsage>> {
  const result = new Map<string, PeriodUsage>();
  if (windows.length === 0) return result;
  // Each array is one bound parameter (sql.param), unnested side by side into the windows.
  const w = sql`unnest(${sql.param(windows.map((x) => x.companyId))}::uuid[],
    ${sql.param(windows.map((x) => x.start.toISOString()))}::timestamptz[],
    ${sql.param(windows.map((x) => x.end.toISOString()))}::timestamptz[]) as w(company_id, starts_at, ends_at)`;
  const [minuteRows, botRows] = await Promise.all([
    db
      .select({
        companyId: sql<string>`w.company_id`,
        seconds: sql<number>`coalesce(sum(${usageRecords.seconds}), 0)::float8`,
      })
      .from(w)
      .innerJoin(
        usageRecords,
        sql`${usageRecords.companyId} = w.company_id and ${usageRecords.recordedAt} >= w.starts_at and ${usageRecords.recordedAt} < w.ends_at`,
      )
      .groupBy(sql`w.company_id`),
    db
      .select({
        companyId: sql<string>`w.company_id`,
        botId: botUsage.botId,
        botName: bots.name,
        runs: sql<number>`count(*)::int`,
        clientCostMillicents: sql<number>`coalesce(sum(${botUsage.clientCostMillicents}), 0)::float8`,
      })
      .from(w)
      .innerJoin(
        botUsage,
        sql`${botUsage.companyId} = w.company_id and ${botUsage.recordedAt} >= w.starts_at and ${botUsage.recordedAt} < w.ends_at`,
      )
      .innerJoin(bots, eq(bots.id, botUsage.botId))
      .where(eq(botUsage.billable, true))
      .groupBy(sql`w.company_id`, botUsage.botId, bots.name)
      .orderBy(bots.name),
  ]);
  const seconds = new Map(minuteRows.map((row) => [row.companyId, Number(row.seconds)]));
  const lines = new Map<string, BotUsageLine[]>();
  for (const row of botRows) {
    const cost = Number(row.clientCostMillicents);
    const list = lines.get(row.companyId) ?? [];
    list.push({
      botId: row.botId,
      botName: row.botName,
      runs: Number(row.runs),
      clientCostMillicents: cost,
      amountCents: millicentsToCents(cost),
    });
    lines.set(row.companyId, list);
  }
  for (const { companyId } of windows) {
    const used = seconds.get(companyId) ?? 0;
    const botLines = lines.get(companyId) ?? [];
    const minutesCents = minutesChargeCents(used, pricePerMinuteCents);
    const botRunsCents = botLines.reduce((sum, line) => sum + line.amountCents, 0);
    result.set(companyId, {
      seconds: used,
      minutes: billedMinutes(used),
      minutesCents,
      bots: botLines,
      botRunsCents,
      totalCents: minutesCents + botRunsCents,
    });
  }
  return result;
}

/** One company's usage of a period (the capacity spend and a single close). */
export async function periodUsage(
  db: Db,
  companyId: string,
  range: { start: Date; end: Date },
  pricePerMinuteCents: number,
): Promise<PeriodUsage> {
  const usage = await periodUsages(db, [{ companyId, ...range }], pricePerMinuteCents);
  return usage.get(companyId)!;
}
