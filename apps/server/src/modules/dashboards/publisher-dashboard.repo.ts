import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parsedJson, rowsOf } from '../../db/raw-rows.js';

export type PublisherDashboardRepo = ReturnType<typeof createPublisherDashboardRepo>;

/** The shown month and the month before, as UTC days (rollup days) and UTC instants. */
export interface PublisherMonths {
  previousFirstDay: string;
  firstDay: string;
  lastDay: string;
  previousStart: Date;
  start: Date;
  end: Date;
}

/** A month's sums, money still in millicents (the service rounds once). */
export interface PublisherMonthSums {
  active_clients: number;
  runs: number;
  successful_runs: number;
  estimated_millicents: number;
  client_cost_millicents: number;
  new_subscriptions: number;
}

/** One bot's or client's month: runs and client cost in millicents. */
export interface PublisherShare {
  id: string;
  name: string;
  runs: number;
  client_cost_millicents: number;
}

export interface PublisherDashboardRows {
  current: PublisherMonthSums;
  previous: PublisherMonthSums;
  bots: PublisherShare[];
  clients: PublisherShare[];
}

const EMPTY_SUMS: PublisherMonthSums = {
  active_clients: 0,
  runs: 0,
  successful_runs: 0,
  estimated_millicents: 0,
  client_cost_millicents: 0,
  new_subscriptions: 0,
};

/**
 * One statement over one range of dashboard_company_bot_days_publisher_idx (the publisher's two
 * months of rollup days): both months' sums, and this month's runs and client cost per bot and per
 * client. Exported for the benchmark's EXPLAIN.
 */
export function publisherDashboardQuery(publisherId: string, months: PublisherMonths): SQL {
  return sql`
    with d as (
      select bot_id, company_id, day >= ${months.firstDay}::date as cur, runs, successful_runs,
        estimated_millicents, client_cost_millicents
      from dashboard_company_bot_days
      where publisher_id = ${publisherId}
        and day >= ${months.previousFirstDay}::date and day <= ${months.lastDay}::date
    ),
    sums as (
      select cur, count(distinct company_id)::int as active_clients, sum(runs)::int as runs,
        sum(successful_runs)::int as successful_runs,
        sum(estimated_millicents)::bigint as estimated_millicents,
        sum(client_cost_millicents)::bigint as client_cost_millicents
      from d group by cur
    ),
    by_bot as (
      select b.id, b.name, s.runs, s.client_cost_millicents
      from (select bot_id, sum(runs)::int as runs, sum(client_cost_millicents)::bigint
              as client_cost_millicents
            from d where cur group by bot_id) s
      join bots b on b.id = s.bot_id
    ),
    by_client as (
      select co.id, co.name, s.runs, s.client_cost_millicents
      from (select company_id, sum(runs)::int as runs, sum(client_cost_millicents)::bigint
              as client_cost_millicents
            from d where cur group by company_id) s
      join companies co on co.id = s.company_id
    )
    select
      coalesce((select json_agg(sums) from sums), '[]'::json) as sums,
      coalesce((select json_agg(by_bot) from by_bot), '[]'::json) as bots,
      coalesce((select json_agg(by_client) from by_client), '[]'::json) as clients`;
}

type Sums = Omit<PublisherMonthSums, 'new_subscriptions'> & { cur: boolean };

const share = (row: PublisherShare): PublisherShare => ({
  ...row,
  runs: Number(row.runs),
  client_cost_millicents: Number(row.client_cost_millicents),
});

export function createPublisherDashboardRepo(db: Db) {
  return {
    /** The rollup figures of the two months; new subscriptions are left at 0 (newSubscriptions). */
    async month(publisherId: string, months: PublisherMonths): Promise<PublisherDashboardRows> {
      const [row] = rowsOf<{
        sums: Sums[] | string;
        bots: PublisherShare[] | string;
        clients: PublisherShare[] | string;
      }>(await db.execute(publisherDashboardQuery(publisherId, months)));
      const sums = parsedJson(row!.sums);
      const of = (cur: boolean): PublisherMonthSums => {
        const s = sums.find((x) => x.cur === cur);
        return {
          ...EMPTY_SUMS,
          ...(s && {
            active_clients: Number(s.active_clients),
            runs: Number(s.runs),
            successful_runs: Number(s.successful_runs),
            estimated_millicents: Number(s.estimated_millicents),
            client_cost_millicents: Number(s.client_cost_millicents),
          }),
        };
      };
      return {
        current: of(true),
        previous: of(false),
        bots: parsedJson(row!.bots).map(share),
        clients: parsedJson(row!.clients).map(share),
      };
    },

    /**
     * Subscriptions to the publisher's bots made in each month, read live (they are not in the
     * rollups): [previous month, this month].
     */
    async newSubscriptions(
      publisherId: string,
      months: PublisherMonths,
    ): Promise<[number, number]> {
      const rows = rowsOf<{ cur: boolean; n: number }>(
        await db.execute(sql`
          select cb.created_at >= ${months.start.toISOString()}::timestamptz as cur,
            count(*)::int as n
          from company_bots cb join bots b on b.id = cb.bot_id
          where b.publisher_id = ${publisherId}
            and cb.created_at >= ${months.previousStart.toISOString()}::timestamptz
            and cb.created_at < ${months.end.toISOString()}::timestamptz
          group by 1`),
      );
      const of = (cur: boolean) => Number(rows.find((r) => r.cur === cur)?.n ?? 0);
      return [of(false), of(true)];
    },
  };
}
