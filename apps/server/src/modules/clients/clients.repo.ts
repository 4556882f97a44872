import {
  PAGE_SIZE,
  type ClientListQuery,
  type ClientRun,
  type ClientRunsQuery,
  type ClientSortField,
} from '@fieldbot/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likePattern } from '../../lib/sql-like.js';
import { parsedJson as parsed, rowsOf } from '../../db/raw-rows.js';
import { createPreparedStatements } from '../../lib/prepared-statements.js';
import { insertAuditEntry } from '../audit-log/index.js';

export type ClientsRepo = ReturnType<typeof createClientsRepo>;

/** [start, end) of a UTC month. */
export interface MonthRange {
  start: Date;
  end: Date;
}

/** Sums stay in millicents here; the service rounds them to cents once. */
export interface ClientListRow {
  id: string;
  name: string;
  logo: string | null;
  since: string;
  source: 'referral' | 'subscription';
  bots_used: number;
  runs: number;
  estimated_millicents: number;
  client_cost_millicents: number;
  markup_percent: number;
  markup_overridden: boolean;
}

export interface ClientListPage {
  items: ClientListRow[];
  count: number;
  totals: { runs: number; estimated_millicents: number; client_cost_millicents: number };
}

/** Each sort's key over the page's joins (c, and m, used, p when the sort needs them). */
const SORT_KEY: Record<ClientSortField, SQL> = {
  name: sql`lower(c.name)`,
  since: sql`c.since`,
  bots_used: sql`coalesce(used.bots_used, 0)`,
  runs: sql`coalesce(m.runs, 0)`,
  estimated_cost: sql`coalesce(m.estimated_millicents, 0)`,
  markup: sql`coalesce(c.override, p.markup_percent)`,
  client_cost: sql`coalesce(m.client_cost_millicents, 0)`,
};
const USAGE_SORTS: ClientSortField[] = ['runs', 'estimated_cost', 'client_cost'];

const iso = (value: unknown) => new Date(value as string).toISOString();

/** The list's values: literal values, or the placeholders of a prepared statement. */
export interface ClientListParams {
  publisherId: unknown;
  /** The UTC month's start, as an ISO timestamp. */
  monthStart: unknown;
  offset: unknown;
}

/** A prepared statement's parameters (every shape reads all three). */
const placeholders: ClientListParams = {
  publisherId: sql.placeholder('publisherId'),
  monthStart: sql.placeholder('monthStart'),
  offset: sql.placeholder('offset'),
};

/**
 * One statement: the count and month totals of the matching clients, and one page of them. Only
 * the page's clients get their month (publisher_client_months, kept by triggers on bot_usage) and
 * the bots they use now, unless the sort is by one of those: then every match is joined to it.
 * Without a keyword the totals are the publisher's month (publisher_months, kept by the same
 * trigger) and the name sort walks companies_name_lower_idx and stops at the page; with one, the
 * matching clients are found once, with what the page shows, and the page, count and totals read
 * them. `runs` counts billable results only (successful runs), so it goes with the costs beside
 * it. An export reads it with a longer page (`limit`). Exported for the benchmark's EXPLAIN.
 */
export function clientListQuery(
  query: ClientListQuery,
  params: ClientListParams,
  pattern: string | null,
  limit: number = PAGE_SIZE,
): SQL {
  const { publisherId, offset } = params;
  const direction = query.sort_direction === 'desc' ? sql`desc` : sql`asc`;
  const monthStart = sql`${params.monthStart}::timestamptz`;
  const sort = query.sort_by;
  const monthOf = (company: SQL) =>
    sql`left join publisher_client_months m on m.publisher_id = ${publisherId}
      and m.month_start = ${monthStart} and m.company_id = ${company}`;
  const botsUsedOf = (company: SQL) =>
    sql`(select count(*)::int from company_bots cb join bots b on b.id = cb.bot_id
      where cb.company_id = ${company} and b.publisher_id = ${publisherId})`;
  // The publisher's clients with what the page shows, under one alias (c) either way.
  const clientsOf = (nameFilter: SQL) => sql`
    select pc.company_id, co.name, co.logo, pc.created_at as since, pc.source,
      pc.markup_percent as override
    from publisher_clients pc join companies co on co.id = pc.company_id
    where pc.publisher_id = ${publisherId} ${nameFilter}`;
  const clients = pattern ? sql`matched c` : sql`(${clientsOf(sql``)}) c`;
  const count = pattern
    ? sql`select count(*)::int from matched`
    : sql`select count(*)::int from publisher_clients pc where pc.publisher_id = ${publisherId}`;
  const totals = pattern
    ? sql`select coalesce(sum(m.runs), 0)::bigint as runs,
          coalesce(sum(m.estimated_millicents), 0)::bigint as estimated,
          coalesce(sum(m.client_cost_millicents), 0)::bigint as client_cost
        from matched c join publisher_client_months m on m.publisher_id = ${publisherId}
          and m.month_start = ${monthStart} and m.company_id = c.company_id`
    : sql`select coalesce(pm.runs, 0)::bigint as runs,
          coalesce(pm.estimated_millicents, 0)::bigint as estimated,
          coalesce(pm.client_cost_millicents, 0)::bigint as client_cost
        from (select 1) one left join publisher_months pm on pm.publisher_id = ${publisherId}
          and pm.month_start = ${monthStart}`;
  return sql`
    with ${pattern ? sql`matched as materialized (${clientsOf(sql`and co.name ilike ${pattern}`)}),` : sql``}
    page as (
      select c.company_id as id, c.name, c.logo, c.since, c.source, c.override,
        ${SORT_KEY[sort]} as sort_key
      from ${clients}
      ${USAGE_SORTS.includes(sort) ? monthOf(sql`c.company_id`) : sql``}
      ${sort === 'markup' ? sql`join publishers p on p.id = ${publisherId}` : sql``}
      ${sort === 'bots_used' ? sql`left join lateral (select ${botsUsedOf(sql`c.company_id`)} as bots_used) used on true` : sql``}
      order by ${SORT_KEY[sort]} ${direction}, lower(c.name), c.company_id
      limit ${limit} offset ${offset}
    ),
    items as (
      select page.id, page.name, page.logo, page.since, page.source,
        ${botsUsedOf(sql`page.id`)} as bots_used,
        coalesce(m.runs, 0) as runs,
        coalesce(m.estimated_millicents, 0) as estimated_millicents,
        coalesce(m.client_cost_millicents, 0) as client_cost_millicents,
        coalesce(page.override, p.markup_percent) as markup_percent,
        page.override is not null as markup_overridden,
        row_number() over (
          order by page.sort_key ${direction}, lower(page.name), page.id
        ) as position
      from page
      join publishers p on p.id = ${publisherId}
      ${monthOf(sql`page.id`)}
    ),
    totals as (${totals})
    select (${count}) as count,
      totals.runs, totals.estimated, totals.client_cost,
      coalesce((select json_agg(i order by i.position) from items i), '[]'::json) as items
    from totals`;
}

/** The row the list statement returns. */
interface ClientListResult {
  count: number;
  runs: string | number;
  estimated: string | number;
  client_cost: string | number;
  items: ClientListRow[] | string;
}

export function createClientsRepo(db: Db) {
  const statement = createPreparedStatements();
  /** The list's statement for one sort, read as a select so that it can be prepared. */
  const listStatement = (query: ClientListQuery) =>
    db
      .select({
        count: sql<number>`q.count`,
        runs: sql<string | number>`q.runs`,
        estimated: sql<string | number>`q.estimated`,
        client_cost: sql<string | number>`q.client_cost`,
        items: sql<ClientListRow[] | string>`q.items`,
      })
      .from(sql`(${clientListQuery(query, placeholders, null)}) q`);

  return {
    /** The list's page, or `slice.limit` rows from `slice.offset` (an export's batch). */
    async listPage(
      publisherId: string,
      query: ClientListQuery,
      month: MonthRange,
      slice = { offset: (query.page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    ): Promise<ClientListPage> {
      const values = { publisherId, monthStart: month.start.toISOString(), offset: slice.offset };
      // Without a keyword the list is prepared per sort (planning took longer than running it); a
      // keyword search is planned for its pattern, as a rare and a common word want other plans.
      // An export's batches are few and long: planned each time too.
      const [row] =
        query.keyword || slice.limit !== PAGE_SIZE
          ? rowsOf<ClientListResult>(
              await db.execute(
                clientListQuery(
                  query,
                  values,
                  query.keyword ? likePattern(query.keyword) : null,
                  slice.limit,
                ),
              ),
            )
          : await statement(`clients_${query.sort_by}_${query.sort_direction}`, () =>
              listStatement(query),
            ).execute(values);
      return {
        count: row!.count,
        totals: {
          runs: Number(row!.runs),
          estimated_millicents: Number(row!.estimated),
          client_cost_millicents: Number(row!.client_cost),
        },
        items: parsed(row!.items).map((item) => ({
          ...item,
          since: iso(item.since),
          estimated_millicents: Number(item.estimated_millicents),
          client_cost_millicents: Number(item.client_cost_millicents),
        })),
      };
    },

    /** A client's public profile, or null when the company is not this publisher's client. */
    async detail(publisherId: string, companyId: string) {
      const [row] = rowsOf<{
        id: string;
        name: string;
        logo: string | null;
        description: string | null;
        city: string | null;
        state: string | null;
        industry: string | null;
        type: string | null;
        since: string;
        source: 'referral' | 'subscription';
        override: number | null;
        default_markup_percent: number;
        bots_used: number;
      }>(
        await db.execute(sql`
          select co.id, co.name, co.logo, co.description, co.city, co.state,
            i.name as industry, t.name as type, pc.created_at as since, pc.source,
            pc.markup_percent as override, p.markup_percent as default_markup_percent,
            (select count(*)::int from company_bots cb join bots b on b.id = cb.bot_id
              where cb.company_id = co.id and b.publisher_id = pc.publisher_id) as bots_used
          from publisher_clients pc
          join publishers p on p.id = pc.publisher_id
          join companies co on co.id = pc.company_id
          left join industries i on i.id = co.industry_id
          left join company_types t on t.id = co.type_id
          where pc.publisher_id = ${publisherId} and pc.company_id = ${companyId}`),
      );
      return row ? { ...row, since: iso(row.since) } : null;
    },

    /** The publisher's bots the company is subscribed to, with the pinned version's deprecation. */
    async bots(publisherId: string, companyId: string) {
      const rows = rowsOf<{
        bot_id: string;
        name: string;
        color: string;
        version: number;
        latest_version: number;
        subscribed_at: string;
        retires_on: string | null;
      }>(
        await db.execute(sql`
          select b.id as bot_id, b.name, b.color, v.number as version,
            coalesce(b.latest_version, v.number) as latest_version, cb.created_at as subscribed_at,
            case when v.deprecated_at is not null and v.retired_at is null
              then v.retires_on end as retires_on
          from company_bots cb
          join bots b on b.id = cb.bot_id
          join bot_versions v on v.id = cb.version_id
          where cb.company_id = ${companyId} and b.publisher_id = ${publisherId}
          order by lower(b.name), b.id`),
      );
      return rows.map((row) => ({ ...row, subscribed_at: iso(row.subscribed_at) }));
    },

    /**
     * The client's metered runs of this publisher's bots: what ran and what it cost, never the
     * result's text, the transcript or the interaction (a publisher never reads those).
     */
    async runs(publisherId: string, companyId: string, query: ClientRunsQuery, month: MonthRange) {
      const filters: SQL[] = [
        sql`u.publisher_id = ${publisherId}`,
        sql`u.company_id = ${companyId}`,
        sql`u.created_at >= ${month.start.toISOString()}::timestamptz`,
        sql`u.created_at < ${month.end.toISOString()}::timestamptz`,
      ];
      if (query.bot_id) filters.push(sql`u.bot_id = ${query.bot_id}`);
      if (query.status) filters.push(sql`r.status = ${query.status}`);
      const direction = query.sort_direction === 'asc' ? sql`asc` : sql`desc`;
      const offset = (query.page - 1) * PAGE_SIZE;
      const result = await db.execute(sql`
        with m as (
          select u.id as usage_id, r.id, u.bot_id, b.name as bot_name, v.number as version,
            r.status, run.run_type, run.target_type, run.started_at as run_at,
            u.estimated_millicents as estimated_cost_millicents, u.markup_percent,
            u.client_cost_millicents
          from bot_usage u
          join bot_results r on r.id = u.result_id
          join bot_runs run on run.id = r.run_id
          join bots b on b.id = u.bot_id
          join bot_versions v on v.id = u.version_id
          where ${sql.join(filters, sql` and `)}
        )
        select (select count(*)::int from m) as count,
          coalesce((select json_agg(p) from (
            select * from m order by m.run_at ${direction}, m.usage_id ${direction}
            limit ${PAGE_SIZE} offset ${offset}
          ) p), '[]'::json) as items`);
      const [row] = rowsOf<{
        count: number;
        items: ClientRun[] | string;
      }>(result);
      return {
        count: row!.count,
        items: parsed(row!.items).map((item) => ({ ...item, run_at: iso(item.run_at) })),
      };
    },

    /** Sets or clears the override and audits it; false when the company is not a client. */
    async setMarkup(
      publisherId: string,
      companyId: string,
      markupPercent: number | null,
      audit: { userId: string; ip: string },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [before] = rowsOf<{ markup_percent: number | null }>(
          await tx.execute(sql`
            select markup_percent from publisher_clients
            where publisher_id = ${publisherId} and company_id = ${companyId}
            for update`),
        );
        if (!before) return false;
        await tx.execute(sql`
          update publisher_clients set markup_percent = ${markupPercent}
          where publisher_id = ${publisherId} and company_id = ${companyId}`);
        // The publisher's log (its pricing), not the client company's.
        await insertAuditEntry(tx, {
          event: 'publisher.client_markup',
          userId: audit.userId,
          ip: audit.ip,
          publisherId,
          target: { type: 'client', id: companyId },
          meta: {
            publisher_id: publisherId,
            company_id: companyId,
            from: before.markup_percent,
            to: markupPercent,
          },
        });
        return true;
      });
    },
  };
}
