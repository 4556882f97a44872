import {
  PAGE_SIZE,
  type CustomerExportQuery,
  type CustomerListQuery,
  type InteractionExportQuery,
  type InteractionListQuery,
  type InteractionType,
  type SortDirection,
} from '@fieldbot/shared';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  audioAssets,
  recordingConsents,
  botResults,
  botRuns,
  bots,
  customers,
  interactions,
  jobs,
  transcriptSegments,
  users,
} from '../../db/schema/index.js';
import { createPreparedStatements } from '../../lib/prepared-statements.js';
import { likePattern } from '../../lib/sql-like.js';
import { createCountCache } from './count-cache.js';
import {
  customerInScope,
  customerOfTechnician,
  interactionOfTechnician,
  type ViewerScope,
} from '../../lib/viewer-scope.js';

export type { ViewerScope } from '../../lib/viewer-scope.js';

/** A value, or the placeholder of a prepared statement that receives it. */
type Param<T> = T | Placeholder;

/** A ViewerScope whose ids may be placeholders (the same query shape, prepared once). */
export interface ParamScope {
  companyId: Param<string>;
  technicianId: Param<string> | null;
}

/**
 * Full-text match on the transcript: its stored tsvector (interactions.transcript_search, indexed
 * with the company in interactions_transcript_search_idx) against the websearch query.
 */
export function transcriptMatches(
  keyword: string | SQL | Placeholder,
  transcriptSearch: AnyPgColumn = interactions.transcriptSearch,
): SQL {
  return sql`${transcriptSearch} @@ websearch_to_tsquery('english', ${keyword})`;
}

const by = (direction: SortDirection, column: AnyPgColumn | SQL) =>
  direction === 'asc' ? asc(column) : desc(column);

// ---------------------------------------------------------------------------------------------
// Customers

const customerColumns = {
  id: customers.id,
  externalId: customers.externalId,
  name: customers.name,
  jobsCount: customers.jobsCount,
  type: customers.type,
  active: customers.active,
  createdAt: customers.createdAt,
  doNotRecord: customers.doNotRecord,
  legalHold: customers.legalHold,
};

/**
 * Keyword on name, external id (customers_*_trgm_idx) and the customer's job numbers
 * (jobs_number_trgm_idx), as `name ILIKE p OR external_id ILIKE p OR id = ANY(ARRAY(matching
 * jobs' customers))`. The ARRAY is an uncorrelated subquery run once (a trigram bitmap scan of
 * jobs), so the three arms can be one BitmapOr over the two trigram indexes and the primary key
 * (the count's plan), or plain filters on an index-ordered walk when a page of ten is found
 * sooner that way: no row-by-row subquery as a correlated EXISTS would need, and no
 * `id IN (… UNION ALL …)` semi-join (measured 2-3× slower).
 */
function customerKeyword(db: Db, companyId: Param<string>, keyword: string): SQL {
  const pattern = likePattern(keyword);
  const byJob = db
    .select({ id: jobs.customerId })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), ilike(jobs.jobNumber, pattern)));
  return or(
    ilike(customers.name, pattern),
    ilike(customers.externalId, pattern),
    sql`${customers.id} = any(array(${byJob}))`,
  )!;
}

function customerWhere(db: Db, scope: ParamScope, query: CustomerListQuery): SQL | undefined {
  return and(
    eq(customers.companyId, scope.companyId),
    query.type ? eq(customers.type, query.type) : undefined,
    query.status ? eq(customers.active, query.status === 'active') : undefined,
    scope.technicianId ? customerOfTechnician(db, scope.technicianId) : undefined,
    query.keyword ? customerKeyword(db, scope.companyId, query.keyword) : undefined,
  );
}

/**
 * Name, Customer ID, # of Jobs and created date follow the (company_id, column, id) indexes;
 * type and status have two values each, so the name orders customers within them.
 */
function customerOrder(query: CustomerListQuery): SQL[] {
  const d = query.sort_direction;
  switch (query.sort_by) {
    case 'customer_id':
      return [by(d, customers.externalId), by(d, customers.id)];
    case 'jobs_count':
      return [by(d, customers.jobsCount), by(d, customers.id)];
    case 'created_at':
      return [by(d, customers.createdAt), by(d, customers.id)];
    case 'type':
      return [by(d, customers.type), asc(customers.name), asc(customers.id)];
    case 'active':
      return [by(d, customers.active), asc(customers.name), asc(customers.id)];
    case 'name':
      return [by(d, customers.name), by(d, customers.id)];
  }
}

/**
 * One page of GET /api/company/customers (unexecuted, so the benchmark can EXPLAIN it). As for
 * interactions, the page's ids come first from an index-ordered scan that OFFSET walks without
 * touching the table (name, created date and # of jobs indexes end with id), then ten rows are read.
 */
function customerPageIds(
  db: Db,
  scope: ParamScope,
  query: CustomerListQuery,
  offset: Param<number>,
  limit: number = PAGE_SIZE,
) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(customerWhere(db, scope, query))
    .orderBy(...customerOrder(query))
    .limit(limit)
    .offset(offset)
    .as('page');
}

/** A page of the list; the export reads it in longer batches (`limit`) from any offset. */
export function customerListQuery(
  db: Db,
  scope: ParamScope,
  query: CustomerListQuery,
  offset: Param<number> = (query.page - 1) * PAGE_SIZE,
  limit: number = PAGE_SIZE,
) {
  const page = customerPageIds(db, scope, query, offset, limit);
  return db
    .select(customerColumns)
    .from(page)
    .innerJoin(customers, eq(customers.id, page.id))
    .orderBy(...customerOrder(query));
}

export function customerCountQuery(db: Db, scope: ParamScope, query: CustomerListQuery) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(customers)
    .where(customerWhere(db, scope, query));
}

/**
 * The page of customerListQuery with the list's count on every row (an uncorrelated subquery,
 * computed once): one statement instead of two. An empty page carries no count; see customerPage.
 */
export function customerListWithCountQuery(
  db: Db,
  scope: ParamScope,
  query: CustomerListQuery,
  offset: Param<number>,
) {
  const total = sql<number>`(${customerCountQuery(db, scope, query)})`;
  const page = customerPageIds(db, scope, query, offset);
  return db
    .select({ ...customerColumns, total })
    .from(page)
    .innerJoin(customers, eq(customers.id, page.id))
    .orderBy(...customerOrder(query));
}

/** One customer, with interactions_count for its Interactions table (see customerInteractionPage). */
export function customerDetailQuery(db: Db, scope: ParamScope, customerId: Param<string>) {
  return db
    .select({ ...customerColumns, interactionsCount: customers.interactionsCount })
    .from(customers)
    .where(customerInScope(db, scope, customerId))
    .limit(1);
}

// ---------------------------------------------------------------------------------------------
// Interactions

/** The joined tables of an interaction row: its job, who recorded it, the job's technician. */
function interactionJoins(prefix: string) {
  return {
    job: alias(jobs, `${prefix}job`),
    recorder: alias(users, `${prefix}recorder`),
    technician: alias(users, `${prefix}technician`),
  };
}
type InteractionJoins = ReturnType<typeof interactionJoins>;

/**
 * Field Team: who recorded the visit, else the technician of the call's job (CSR calls have no
 * recorder); null when neither exists.
 */
const recordingBy = (j: InteractionJoins) =>
  sql<string | null>`coalesce(${j.recorder.name}, ${j.technician.name})`;

/**
 * Sort of the Interactions table; id always breaks ties. Timestamp, type and duration follow
 * interactions_customer_{started,type_started,duration}_idx, so any page is an index-ordered scan.
 */
function interactionOrder(query: InteractionListQuery, j: InteractionJoins): SQL[] {
  const d = query.sort_direction;
  switch (query.sort_by) {
    case 'type':
      return [by(d, interactions.type), by(d, interactions.startedAt), by(d, interactions.id)];
    case 'job_id':
      return [by(d, j.job.jobNumber), by(d, interactions.id)];
    case 'recording_by':
      return [by(d, recordingBy(j)), by(d, interactions.id)];
    case 'duration':
      return [by(d, interactions.durationSeconds), by(d, interactions.id)];
    case 'created_at':
      return [by(d, interactions.startedAt), by(d, interactions.id)];
  }
}

/**
 * Keyword on the Interactions table: the interaction id, the job id or the Field Team name
 * (ILIKE substring), or words of the transcript (full-text). Each arm is an id set PostgreSQL
 * builds once (the customer's matching jobs, the matching users, the customer's interactions
 * whose transcript matches through interactions_transcript_fts_idx), so the list's rows are only
 * probed against them: no per-row joins, no per-row to_tsvector. The name arms mirror
 * recordingBy: the recorder's name, or the job technician's when nobody recorded it.
 */
function interactionKeyword(db: Db, customerId: Param<string>, keyword: string): SQL {
  const pattern = likePattern(keyword);
  const matchingJobs = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.customerId, customerId), ilike(jobs.jobNumber, pattern)));
  const matchingUsers = db.select({ id: users.id }).from(users).where(ilike(users.name, pattern));
  const jobsOfMatchingTechnicians = db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.technicianId))
    .where(and(eq(jobs.customerId, customerId), ilike(users.name, pattern)));
  const transcript = alias(interactions, 'transcript_match');
  const matchingTranscripts = db
    .select({ id: transcript.id })
    .from(transcript)
    .where(
      and(
        eq(transcript.customerId, customerId),
        transcriptMatches(keyword, transcript.transcriptSearch),
      ),
    );
  return or(
    ilike(interactions.number, pattern),
    inArray(interactions.jobId, matchingJobs),
    inArray(interactions.recordedById, matchingUsers),
    and(isNull(interactions.recordedById), inArray(interactions.jobId, jobsOfMatchingTechnicians)),
    inArray(interactions.id, matchingTranscripts),
  )!;
}

/**
 * The filter of one customer's list: a plain `customer_id = $1`, so the planner estimates the
 * rows from that customer's statistics (a scalar subquery in its place is an unknown value and
 * gets a generic estimate). The caller must first have checked that the customer is visible
 * (the service does, through `customer`); the list query also keeps interactions.company_id on
 * the ten rows it reads. Not limited by interactions.company_id here: leaving the column out lets
 * a plain timestamp page be an index-only scan of interactions_customer_started_idx however deep
 * the page is.
 */
function interactionListWhere(
  db: Db,
  scope: ParamScope,
  customerId: Param<string>,
  query: InteractionListQuery,
): SQL | undefined {
  return and(
    eq(interactions.customerId, customerId),
    query.type ? eq(interactions.type, query.type) : undefined,
    scope.technicianId
      ? interactionOfTechnician(db, scope.technicianId, { customerId })
      : undefined,
    query.keyword ? interactionKeyword(db, customerId, query.keyword) : undefined,
  );
}

function listColumns(j: InteractionJoins) {
  return {
    id: interactions.id,
    number: interactions.number,
    type: interactions.type,
    callType: interactions.callType,
    status: interactions.status,
    downloadStatus: interactions.downloadStatus,
    recordingBy: recordingBy(j),
    startedAt: interactions.startedAt,
    durationSeconds: interactions.durationSeconds,
    jobNumber: j.job.jobNumber,
  };
}

/** The ids of one page, ordered; joined to jobs and users only to sort by their columns. */
function interactionPageIds(
  db: Db,
  scope: ParamScope,
  customerId: Param<string>,
  query: InteractionListQuery,
  offset: Param<number>,
  limit: number,
) {
  const where = interactionListWhere(db, scope, customerId, query);
  const j = interactionJoins('page_');
  if (query.sort_by === 'job_id' || query.sort_by === 'recording_by') {
    return db
      .select({ id: interactions.id })
      .from(interactions)
      .leftJoin(j.job, eq(j.job.id, interactions.jobId))
      .leftJoin(j.recorder, eq(j.recorder.id, interactions.recordedById))
      .leftJoin(j.technician, eq(j.technician.id, j.job.technicianId))
      .where(where)
      .orderBy(...interactionOrder(query, j))
      .limit(limit)
      .offset(offset)
      .as('page');
  }
  // Even joins PostgreSQL would remove keep it from an index-only scan; leave them out.
  return db
    .select({ id: interactions.id })
    .from(interactions)
    .where(where)
    .orderBy(...interactionOrder(query, j))
    .limit(limit)
    .offset(offset)
    .as('page');
}

/**
 * One page of GET /api/company/interactions/:id. The page's ids are chosen first (ordered scan,
 * OFFSET, LIMIT 10 over interactions alone), then only those ten rows are joined for display:
 * rows skipped by OFFSET are never joined, so a deep page costs little more than page 1. The
 * export reads it in longer batches (`limit`) from any offset.
 */
export function interactionListQuery(
  db: Db,
  scope: ParamScope,
  customerId: Param<string>,
  query: InteractionListQuery,
  offset: Param<number> = (query.page - 1) * PAGE_SIZE,
  limit: number = PAGE_SIZE,
) {
  const page = interactionPageIds(db, scope, customerId, query, offset, limit);
  const j = interactionJoins('');
  // The customer's stored count, or null when the caller cannot see the customer: computed once
  // (an uncorrelated subquery), it spares the page a second statement (see customerInteractionPage).
  const customerCount = db
    .select({ count: customers.interactionsCount })
    .from(customers)
    .where(customerInScope(db, scope, customerId));
  return db
    .select({
      ...listColumns(j),
      customerInteractionsCount: sql<number | null>`(${customerCount})`,
    })
    .from(page)
    .innerJoin(interactions, eq(interactions.id, page.id))
    .leftJoin(j.job, eq(j.job.id, interactions.jobId))
    .leftJoin(j.recorder, eq(j.recorder.id, interactions.recordedById))
    .leftJoin(j.technician, eq(j.technician.id, j.job.technicianId))
    .where(eq(interactions.companyId, scope.companyId))
    .orderBy(...interactionOrder(query, j));
}

/**
 * The list's count equals customers.interactions_count (kept by a trigger on interactions) when
 * nothing narrows the list: no keyword, no type filter, not a field technician.
 */
export function storedInteractionCountApplies(
  scope: ViewerScope,
  query: InteractionListQuery,
): boolean {
  return !query.keyword && !query.type && !scope.technicianId;
}

/** The real count of one customer's list, for when storedInteractionCountApplies is false. */
export function interactionCountQuery(
  db: Db,
  scope: ViewerScope,
  customerId: string,
  query: InteractionListQuery,
) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(interactions)
    .where(interactionListWhere(db, scope, customerId, query));
}

/** One interaction of this type, inside the scope (a type mismatch finds nothing). */
function interactionWhere(
  db: Db,
  scope: ParamScope,
  interactionId: Param<string>,
  type: Param<InteractionType>,
  j: InteractionJoins,
): SQL | undefined {
  return and(
    eq(interactions.id, interactionId),
    eq(interactions.type, type),
    eq(interactions.companyId, scope.companyId),
    scope.technicianId
      ? interactionOfTechnician(db, scope.technicianId, { jobTechnician: j.job.technicianId })
      : undefined,
  );
}

/**
 * The interaction's transcript segments as one JSON column, in the shape of
 * transcriptSegmentsQuery: the detail is then one statement, not two (each statement costs a
 * round trip and PostgreSQL's CPU on the same cores as the server's).
 */
const segmentsOfRow = sql<TranscriptSegmentRow[]>`coalesce((
  select json_agg(json_build_object(
    'start', ${transcriptSegments.startSeconds}, 'end', ${transcriptSegments.endSeconds},
    'speaker', ${transcriptSegments.speaker}, 'text', ${transcriptSegments.text}
  ) order by ${transcriptSegments.position})
  from ${transcriptSegments} where ${transcriptSegments.interactionId} = ${interactions.id}
), '[]'::json)`;

export function interactionDetailQuery(
  db: Db,
  scope: ParamScope,
  interactionId: Param<string>,
  type: Param<InteractionType>,
) {
  const j = interactionJoins('');
  return db
    .select({
      ...listColumns(j),
      customerId: customers.id,
      customerName: customers.name,
      customerDoNotRecord: customers.doNotRecord,
      consent: {
        method: recordingConsents.method,
        confirmedByName: recordingConsents.confirmedByName,
        confirmedAt: recordingConsents.confirmedAt,
        noticeVersion: recordingConsents.noticeVersion,
      },
      audioDeletedAt: interactions.audioDeletedAt,
      transcriptDeletedAt: interactions.transcriptDeletedAt,
      audioMergeStatus: interactions.audioMergeStatus,
      audioMergeErrorMessage: interactions.audioMergeErrorMessage,
      transcriptText: interactions.transcriptText,
      transcriptStatus: interactions.transcriptStatus,
      transcriptErrorMessage: interactions.transcriptErrorMessage,
      transcriptEngine: interactions.transcriptEngine,
      hasAudio: sql<boolean>`${audioAssets.interactionId} is not null`,
      audioPeaks: audioAssets.peaks,
      segments: segmentsOfRow,
    })
    .from(interactions)
    .innerJoin(customers, eq(customers.id, interactions.customerId))
    .leftJoin(j.job, eq(j.job.id, interactions.jobId))
    .leftJoin(j.recorder, eq(j.recorder.id, interactions.recordedById))
    .leftJoin(j.technician, eq(j.technician.id, j.job.technicianId))
    .leftJoin(audioAssets, eq(audioAssets.interactionId, interactions.id))
    .leftJoin(recordingConsents, eq(recordingConsents.interactionId, interactions.id))
    .where(interactionWhere(db, scope, interactionId, type, j))
    .limit(1);
}

/** The merged audio of a visible interaction: what the audio route needs and nothing more. */
export function interactionAudioQuery(
  db: Db,
  scope: ViewerScope,
  interactionId: string,
  type: InteractionType,
) {
  const j = interactionJoins('');
  return db
    .select({
      storageKey: audioAssets.storageKey,
      contentType: audioAssets.contentType,
      audioDeletedAt: interactions.audioDeletedAt,
    })
    .from(interactions)
    .leftJoin(audioAssets, eq(audioAssets.interactionId, interactions.id))
    .leftJoin(j.job, eq(j.job.id, interactions.jobId))
    .where(interactionWhere(db, scope, interactionId, type, j))
    .limit(1);
}

export function interactionTranscriptQuery(
  db: Db,
  scope: ViewerScope,
  interactionId: string,
  type: InteractionType,
) {
  const j = interactionJoins('');
  return db
    .select({
      number: interactions.number,
      transcriptText: interactions.transcriptText,
      transcriptDeletedAt: interactions.transcriptDeletedAt,
    })
    .from(interactions)
    .leftJoin(j.job, eq(j.job.id, interactions.jobId))
    .where(interactionWhere(db, scope, interactionId, type, j))
    .limit(1);
}

export function transcriptSegmentsQuery(db: Db, interactionId: Param<string>) {
  return db
    .select({
      start: transcriptSegments.startSeconds,
      end: transcriptSegments.endSeconds,
      speaker: transcriptSegments.speaker,
      text: transcriptSegments.text,
    })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.interactionId, interactionId))
    .orderBy(asc(transcriptSegments.position));
}

type TranscriptSegmentRow = Awaited<ReturnType<typeof transcriptSegmentsQuery>>[number];

// ---------------------------------------------------------------------------------------------
// Bot findings of the interactions export

/** A bot's successful results over some interactions, as bot_runs_interaction_idx finds them. */
function successfulResults(companyId: string, interactionIds: SQLWrapper | string[]): SQL {
  return and(
    eq(botRuns.companyId, companyId),
    inArray(botRuns.interactionId, interactionIds),
    eq(botResults.status, 'success'),
  )!;
}

/**
 * The bots with a successful result on any interaction of the list (its scope and filter), by
 * name: the export's extra columns, known before its first line. Like the list, the caller must
 * first have checked that the customer is visible.
 */
export function exportBotsQuery(
  db: Db,
  scope: ViewerScope,
  customerId: string,
  query: InteractionListQuery,
) {
  const listed = db
    .select({ id: interactions.id })
    .from(interactions)
    .where(interactionListWhere(db, scope, customerId, query));
  const withResults = db
    .selectDistinct({ botId: botResults.botId })
    .from(botRuns)
    .innerJoin(botResults, eq(botResults.runId, botRuns.id))
    .where(successfulResults(scope.companyId, listed));
  return (
    db
      .select({ id: bots.id, name: bots.name })
      .from(bots)
      .where(inArray(bots.id, withResults))
      // Byte order ("C"): the same columns in the same order on PGlite and on any PostgreSQL locale.
      .orderBy(sql`lower(${bots.name}) collate "C"`, asc(bots.id))
  );
}

/**
 * Each bot's latest successful result (last finished, as search reads it) on each of these
 * interactions: one export batch's findings.
 */
export function latestFindingsQuery(db: Db, companyId: string, interactionIds: string[]) {
  return db
    .selectDistinctOn([botRuns.interactionId, botResults.botId], {
      interactionId: botRuns.interactionId,
      botId: botResults.botId,
      outputTags: botResults.outputTags,
    })
    .from(botRuns)
    .innerJoin(botResults, eq(botResults.runId, botRuns.id))
    .where(successfulResults(companyId, interactionIds))
    .orderBy(
      botRuns.interactionId,
      botResults.botId,
      sql`${botResults.finishedAt} desc nulls last`,
      desc(botResults.id),
    );
}

export type InteractionsRepo = ReturnType<typeof createInteractionsRepo>;

/** How long the total of a keyword search is reused (see count-cache.ts). */
export const KEYWORD_COUNT_TTL_MS = 10_000;

export function createInteractionsRepo(db: Db, options: { now?: () => number } = {}) {
  const keywordCounts = createCountCache({ ttlMs: KEYWORD_COUNT_TTL_MS, max: 2000, ...options });
  const firstCount = async (query: PromiseLike<{ count: number }[]>) =>
    (await query)[0]?.count ?? 0;

  // The reads every page makes are prepared once per query shape (company or technician scope,
  // sort). Keyword and type filters stay ad hoc.
  const statement = createPreparedStatements();
  const placeholders = (scope: ViewerScope): ParamScope => ({
    companyId: sql.placeholder('companyId'),
    technicianId: scope.technicianId === null ? null : sql.placeholder('technicianId'),
  });
  const scopeKey = (scope: ViewerScope) => (scope.technicianId === null ? 'company' : 'technician');
  const scopeValues = (scope: ViewerScope) => ({
    companyId: scope.companyId,
    technicianId: scope.technicianId,
  });
  const segmentsOf = (interactionId: string) =>
    statement('transcript_segments', () =>
      transcriptSegmentsQuery(db, sql.placeholder('interactionId')),
    ).execute({ interactionId });

  async function customer(scope: ViewerScope, customerId: string) {
    const [row] = await statement(`customer_${scopeKey(scope)}`, () =>
      customerDetailQuery(db, placeholders(scope), sql.placeholder('customerId')),
    ).execute({ ...scopeValues(scope), customerId });
    return row ?? null;
  }

  return {
    /** One batch of the customers export, in the list's filter and order. */
    customerBatch(scope: ViewerScope, query: CustomerExportQuery, offset: number, limit: number) {
      return customerListQuery(db, scope, { ...query, page: 1 }, offset, limit);
    },

    /** One batch of a customer's interactions export, in the list's scope, filter and order. */
    interactionBatch(
      scope: ViewerScope,
      customerId: string,
      query: InteractionExportQuery,
      offset: number,
      limit: number,
    ) {
      return interactionListQuery(db, scope, customerId, { ...query, page: 1 }, offset, limit);
    },
    exportBots(scope: ViewerScope, customerId: string, query: InteractionExportQuery) {
      return exportBotsQuery(db, scope, customerId, { ...query, page: 1 });
    },
    /** The consent records of a batch of the company's interactions (the export's columns). */
    async consentsOf(scope: ViewerScope, interactionIds: string[]) {
      if (interactionIds.length === 0) return [];
      return db
        .select({
          interactionId: recordingConsents.interactionId,
          method: recordingConsents.method,
          confirmedByName: recordingConsents.confirmedByName,
          confirmedAt: recordingConsents.confirmedAt,
          noticeVersion: recordingConsents.noticeVersion,
        })
        .from(recordingConsents)
        .where(
          and(
            eq(recordingConsents.companyId, scope.companyId),
            inArray(recordingConsents.interactionId, interactionIds),
          ),
        );
    },

    async latestFindings(scope: ViewerScope, interactionIds: string[]) {
      return interactionIds.length === 0
        ? []
        : latestFindingsQuery(db, scope.companyId, interactionIds);
    },

    async customerPage(scope: ViewerScope, query: CustomerListQuery) {
      if (!query.keyword) {
        // Type and status have two values each: they are part of the statement, not parameters.
        const shape = `${scopeKey(scope)}_${query.type ?? 'all'}_${query.status ?? 'all'}`;
        const { sort_by, sort_direction } = query;
        const items = await statement(`customers_${shape}_${sort_by}_${sort_direction}`, () =>
          customerListWithCountQuery(db, placeholders(scope), query, sql.placeholder('offset')),
        ).execute({ ...scopeValues(scope), offset: (query.page - 1) * PAGE_SIZE });
        if (items[0]) return { items, count: items[0].total };
        // No row to carry the count: no customers, or a page past the last one.
        const [counted] = await statement(`customers_count_${shape}`, () =>
          customerCountQuery(db, placeholders(scope), query),
        ).execute(scopeValues(scope));
        return { items, count: counted?.count ?? 0 };
      }
      const count = () => firstCount(customerCountQuery(db, scope, query));
      const key = JSON.stringify([
        'customers',
        scope.companyId,
        scope.technicianId,
        query.type ?? null,
        query.status ?? null,
        query.keyword,
      ]);
      const [items, total] = await Promise.all([
        customerListQuery(db, scope, query),
        query.keyword ? keywordCounts.get(key, count) : count(),
      ]);
      return { items, count: total };
    },
    customer,
    /**
     * One page of the interactions of a customer the caller can see, and their count; null when
     * the customer is out of scope. The page's rows carry the customer's stored count (null when
     * out of scope), so only an empty page reads the customer itself. Without a filter that count
     * is the list's, and the page is one statement.
     */
    async customerInteractionPage(
      scope: ViewerScope,
      customerId: string,
      query: InteractionListQuery,
    ) {
      const storedCount = async (items: { customerInteractionsCount: number | null }[]) =>
        items[0]
          ? items[0].customerInteractionsCount
          : ((await customer(scope, customerId))?.interactionsCount ?? null);

      if (storedInteractionCountApplies(scope, query)) {
        const { sort_by, sort_direction } = query;
        const items = await statement(
          `interactions_${scopeKey(scope)}_${sort_by}_${sort_direction}`,
          () =>
            interactionListQuery(
              db,
              placeholders(scope),
              sql.placeholder('customerId'),
              query,
              sql.placeholder('offset'),
            ),
        ).execute({ ...scopeValues(scope), customerId, offset: (query.page - 1) * PAGE_SIZE });
        const count = await storedCount(items);
        return count === null ? null : { items, count };
      }
      const count = () => firstCount(interactionCountQuery(db, scope, customerId, query));
      const key = JSON.stringify([
        'interactions',
        customerId,
        scope.technicianId,
        query.type ?? null,
        query.keyword,
      ]);
      const [items, total] = await Promise.all([
        interactionListQuery(db, scope, customerId, query),
        query.keyword ? keywordCounts.get(key, count) : count(),
      ]);
      return (await storedCount(items)) === null ? null : { items, count: total };
    },
    async interaction(scope: ViewerScope, interactionId: string, type: InteractionType) {
      const [row] = await statement(`interaction_${scopeKey(scope)}`, () =>
        interactionDetailQuery(
          db,
          placeholders(scope),
          sql.placeholder('interactionId'),
          sql.placeholder('type'),
        ),
      ).execute({ ...scopeValues(scope), interactionId, type });
      return row ?? null;
    },
    async audio(scope: ViewerScope, interactionId: string, type: InteractionType) {
      const [row] = await interactionAudioQuery(db, scope, interactionId, type);
      return row ?? null;
    },
    async transcript(scope: ViewerScope, interactionId: string, type: InteractionType) {
      const [row] = await interactionTranscriptQuery(db, scope, interactionId, type);
      if (!row) return null;
      return { ...row, segments: await segmentsOf(interactionId) };
    },
  };
}
