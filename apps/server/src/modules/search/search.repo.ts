import {
  LIST_COUNT_CAP,
  PAGE_SIZE,
  SEARCH_LINES_PER_HIT,
  ROLE,
  type SearchQuery,
} from '@fieldbot/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import type { ViewerScope } from '../../lib/viewer-scope.js';
import { HEADLINE_OPTIONS, anyWordQuery } from './search-text.js';

export type SearchRepo = ReturnType<typeof createSearchRepo>;

export interface HitRow {
  id: string;
  number: string;
  type: 'field-recording' | 'csr-call';
  call_type: 'Booked' | 'Unbooked' | null;
  customer_id: string;
  customer_name: string;
  recording_by: string | null;
  started_at: string | Date;
}

export interface LineRow {
  interaction_id: string;
  position: number;
  start_seconds: number;
  speaker: string;
  headline: string;
  matching: number;
}

/**
 * Recorded by the technician, or on one of their jobs (as the interactions lists scope them);
 * `any(array(…))` lets the planner read both through their indexes (interactions_recorded_by_idx,
 * interactions_job_idx) as one bitmap.
 */
const ofTechnician = (technicianId: string) =>
  sql`(i.recorded_by_id = ${technicianId}
    or i.job_id = any(array(select j.id from jobs j where j.technician_id = ${technicianId})))`;

/** A day in the company's timezone (UTC when it has none) as the instant it starts. */
const dayStart = (companyId: string, day: SQL) => sql`(${day}::timestamp at time zone coalesce(
  (select t.iana from companies co join timezones t on t.id = co.timezone_id
    where co.id = ${companyId}), 'UTC'))`;

/**
 * The bot's latest successful result on the interaction found something for the tag (or, with
 * no tag, for any tag); `not-found` is its negation over interactions that have such a result
 * (NULL, no result, matches neither).
 */
function tagFilter(botId: string, tag: string | undefined, state: 'found' | 'not-found'): SQL {
  const latest = sql`(select r.output_tags from bot_runs run
    join bot_results r on r.run_id = run.id
    where run.interaction_id = i.id and r.bot_id = ${botId} and r.status = 'success'
    order by r.finished_at desc nulls last limit 1)`;
  const found = tag
    ? sql`jsonb_path_exists(${latest}, '$[*] ? (@.label == $tag && @.data != null)',
        jsonb_build_object('tag', ${tag}::text))`
    : sql`jsonb_path_exists(${latest}, '$[*] ? (@.data != null)')`;
  return state === 'found' ? found : sql`not ${found}`;
}

/** Which interactions match: the company's (a technician's own), the words, then the filters. */
function matching(scope: ViewerScope, query: SearchQuery): SQL {
  const technicians = [scope.technicianId, query.technician_id].filter((id) => id != null);
  const words = sql`websearch_to_tsquery('english', ${query.q})`;
  const conditions: SQL[] = [
    sql`i.company_id = ${scope.companyId}`,
    // A technician's few thousand interactions are checked one by one: through the words' index
    // the planner also read every match of the company (342,000 rows for a common word, 115 ms)
    // to intersect them with the technician's. coalesce() keeps the index out of it.
    technicians.length > 0
      ? sql`coalesce(i.transcript_search, ''::tsvector) @@ ${words}`
      : sql`i.transcript_search @@ ${words}`,
    ...technicians.map(ofTechnician),
  ];
  if (query.type) conditions.push(sql`i.type = ${query.type}`);
  if (query.call_type) conditions.push(sql`i.call_type = ${query.call_type}`);
  if (query.from) {
    conditions.push(sql`i.started_at >= ${dayStart(scope.companyId, sql`${query.from}::date`)}`);
  }
  if (query.to) {
    conditions.push(sql`i.started_at < ${dayStart(scope.companyId, sql`(${query.to}::date + 1)`)}`);
  }
  if (query.bot_id) conditions.push(tagFilter(query.bot_id, query.tag, query.tag_state));
  return sql.join(conditions, sql` and `);
}

export function createSearchRepo(db: Db) {
  return {
    /**
     * One page of matches, newest first, and their count up to LIST_COUNT_CAP past the page (a
     * common word in a large company stops counting there: '1,000+'). The count runs first and
     * picks the page's plan: when every match is counted (a rare word), the matches come from the
     * word's index and are sorted; when the count stopped at the cap (a common word), the
     * company's interactions are walked newest first until the page is full, which a common word
     * fills quickly. PostgreSQL cannot tell the two apart from its statistics (an unseen word is
     * estimated at thousands of rows) and walked a million rows for a rare one.
     */
    async page(scope: ViewerScope, query: SearchQuery) {
      const where = matching(scope, query);
      const offset = (query.page - 1) * PAGE_SIZE;
      const atMost = offset + LIST_COUNT_CAP;
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from (
            select 1 from interactions i where ${where} limit ${atMost + 1}
          ) x`),
      );
      const n = counted?.n ?? 0;
      if (n === 0 || offset >= n)
        return { items: [], count: Math.min(n, atMost), capped: n > atMost };
      const pageIds =
        n <= atMost
          ? sql`select m.id, m.started_at from (
              select i.id, i.started_at from interactions i where ${where} limit ${atMost + 1}
            ) m order by m.started_at desc, m.id desc limit ${PAGE_SIZE} offset ${offset}`
          : sql`select i.id from interactions i where ${where}
              order by i.started_at desc, i.id desc limit ${PAGE_SIZE} offset ${offset}`;
      const items = await db.execute(sql`
        with page as materialized (${pageIds})
        select i.id, i.number, i.type, i.call_type, i.customer_id, c.name as customer_name,
          coalesce(rec.name, tech.name, i.agent_name) as recording_by, i.started_at
        from page
        join interactions i on i.id = page.id
        join customers c on c.id = i.customer_id
        left join users rec on rec.id = i.recorded_by_id
        left join jobs j on j.id = i.job_id
        left join users tech on tech.id = j.technician_id
        order by i.started_at desc, i.id desc`);
      return { items: rowsOf<HitRow>(items), count: Math.min(n, atMost), capped: n > atMost };
    },

    /**
     * The first matching lines of each interaction, with their count: lines holding the whole
     * search when any does, else lines holding any of its words (a phrase can span two lines).
     */
    async lines(interactionIds: readonly string[], text: string): Promise<LineRow[]> {
      if (interactionIds.length === 0) return [];
      const ids = sql.join(
        interactionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await db.execute(sql`
        with q as (
          select websearch_to_tsquery('english', ${text}) as all_words,
            websearch_to_tsquery('english', ${anyWordQuery(text)}) as any_word
        ),
        hit as (
          select s.interaction_id, s.position, s.start_seconds, s.speaker, s.text,
            to_tsvector('english', s.text) @@ q.all_words as whole
          from transcript_segments s, q
          where s.interaction_id in (${ids}) and to_tsvector('english', s.text) @@ q.any_word
        ),
        kept as (
          select hit.*, bool_or(whole) over (partition by interaction_id) as any_whole
          from hit
        ),
        numbered as (
          select kept.*, row_number() over (partition by interaction_id order by position) as n,
            count(*) over (partition by interaction_id)::int as matching
          from kept where whole or not any_whole
        )
        select numbered.interaction_id, numbered.position, numbered.start_seconds,
          numbered.speaker, numbered.matching,
          ts_headline('english', numbered.text, q.any_word, ${HEADLINE_OPTIONS}) as headline
        from numbered, q
        where numbered.n <= ${SEARCH_LINES_PER_HIT}
        order by numbered.interaction_id, numbered.position`);
      return rowsOf<LineRow>(rows).map((row) => ({
        ...row,
        start_seconds: Number(row.start_seconds),
        matching: Number(row.matching),
      }));
    },

    /** The company's field technicians, by name. */
    async technicians(companyId: string) {
      return rowsOf<{ id: string; name: string }>(
        await db.execute(sql`
          select u.id, u.name from users u join roles r on r.id = u.role_id
          where u.company_id = ${companyId} and r.alias = ${ROLE.FIELD_TEAM}
          order by lower(u.name), u.id`),
      );
    },

    /** The company's subscribed bots with the output tag labels of the version it runs. */
    async bots(companyId: string) {
      return rowsOf<{ id: string; name: string; tags: string[] | string | null }>(
        await db.execute(sql`
          select b.id, b.name,
            (select coalesce(json_agg(t->>'label' order by (t->>'index')::int), '[]'::json)
              from jsonb_array_elements(coalesce(v.output_tags, '[]'::jsonb)) t) as tags
          from company_bots cb
          join bots b on b.id = cb.bot_id
          join bot_versions v on v.id = cb.version_id
          where cb.company_id = ${companyId}
          order by lower(b.name), b.id`),
      );
    },
  };
}
