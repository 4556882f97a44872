import type pg from 'pg';

/** A query on the loading connection. */
export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** Runs a load step and prints how long it took. */
export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Session settings for a bulk load: fast commits, big sorts, and (on a superuser connection)
 * session_replication_role = replica, which skips foreign-key checks and triggers for data that are
 * consistent by construction. Defines pg_temp.bench_uuid(label), a uuid v4 shaped md5 of a label,
 * so rows can name each other's ids without a lookup. Answers whether triggers are off.
 */
export async function prepareBulkLoad(q: Query): Promise<boolean> {
  await q(`SET maintenance_work_mem = '256MB'`);
  await q(`SET max_parallel_maintenance_workers = 2`);
  await q(`SET synchronous_commit = off`);
  const replica = await q(`SET session_replication_role = replica`).then(
    () => true,
    () => false,
  );
  await q(`CREATE FUNCTION pg_temp.bench_uuid(label text) RETURNS uuid LANGUAGE sql IMMUTABLE
    AS $$ SELECT overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`);
  return replica;
}

/**
 * Drops the secondary indexes of `tables` (those not backing a constraint), runs the load, and
 * builds them again from their own definitions: one sort per index instead of a btree insert per
 * row and index.
 */
export async function withoutSecondaryIndexes(
  q: Query,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const indexes = await q(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = indexname)`,
    [tables],
  );
  await timed(`drop ${indexes.rowCount} secondary indexes`, async () => {
    for (const row of indexes.rows) await q(`DROP INDEX "${row.indexname as string}"`);
  });
  await load();
  await timed(`rebuild ${indexes.rowCount} indexes`, async () => {
    for (const row of indexes.rows) await q(row.indexdef as string);
  });
}

/**
 * What triggers keep while rows are written one statement at a time (migrations 0019 and 0022), rebuilt
 * after a load that ran with them off: the marketplace's price order, the clients' month rows and
 * the publishers' month totals.
 */
export async function rebuildTriggerKeptRows(q: Query): Promise<void> {
  await timed('price order and client months (trigger-kept)', async () => {
    await q(
      `UPDATE bots b SET market_price_key = b.price_per_run_cents::bigint * (100 + p.markup_percent)
       FROM publishers p WHERE p.id = b.publisher_id`,
    );
    await q(`TRUNCATE publisher_client_months`);
    await q(
      `INSERT INTO publisher_client_months (publisher_id, month_start, company_id, runs,
         estimated_millicents, client_cost_millicents)
       SELECT publisher_id, date_trunc('month', created_at, 'UTC'), company_id,
         count(*) FILTER (WHERE billable)::int, sum(estimated_millicents), sum(client_cost_millicents)
       FROM bot_usage GROUP BY 1, 2, 3`,
    );
    await q(`TRUNCATE publisher_months`);
    await q(
      `INSERT INTO publisher_months (publisher_id, month_start, runs, estimated_millicents,
         client_cost_millicents)
       SELECT publisher_id, month_start, sum(runs), sum(estimated_millicents),
         sum(client_cost_millicents)
       FROM publisher_client_months GROUP BY 1, 2`,
    );
  });
}
