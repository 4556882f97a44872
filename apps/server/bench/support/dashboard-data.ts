import pg from 'pg';
import {
  prepareBulkLoad,
  rebuildTriggerKeptRows,
  timed,
  withoutSecondaryIndexes,
} from './bulk-load';

/**
 * The data set of bench/dashboards.ts: one company (the demo's Acme, so its demo
 * accounts log in) with 24 months of history — 1,000,000 interactions, 300,000 jobs, 500,000 bot
 * results metered in bot_usage, and a usage record per interaction — made on the server with
 * INSERT … SELECT generate_series. Every count scales with BENCH_SCALE (default 1).
 *
 * Shape: jobs are spread evenly over the window (j = 1 the newest); 90 % are completed with revenue,
 * the rest scheduled or canceled; ~1 % have no technician. 60 % of the interactions are field
 * recordings of a job (a fifth of the jobs, those with j % 5 = 0, get none, so "completed jobs
 * without a recording" is not empty), recorded by one of 50 technicians; the rest are CSR calls,
 * 45 % Booked, 30 % Unbooked, 25 % without an outcome. A bot run covers an evenly spaced field
 * recording with two of six Northwind bots; 96 % of the results succeed (billable) and 60 % of those
 * are positive (an output tag with data), the rest carry empty tags.
 */
export interface DashboardDataSet {
  interactions: number;
  jobs: number;
  botResults: number;
  customers: number;
  technicians: number;
  bots: number;
  days: number;
}

export function dashboardDataSet(scale: number): DashboardDataSet {
  const scaled = (n: number) => Math.max(100, Math.round(n * scale));
  return {
    interactions: scaled(1_000_000),
    jobs: scaled(300_000),
    botResults: 2 * Math.round(scaled(500_000) / 2),
    customers: scaled(50_000),
    technicians: 50,
    bots: 6,
    days: 730,
  };
}

export const DASHBOARD_ACCOUNTS = {
  companyAdmin: 'admin@demo.fieldbot.test',
  technician: 'tech@demo.fieldbot.test',
  publisher: 'publisher@demo.fieldbot.test',
} as const;

const BOT_NAMES = [
  'Booking Check',
  'Upsell Coach',
  'Safety Reminder',
  'Membership Offer',
  'Price Quoted',
  'Follow-up Promised',
];

/** Tables the load writes in bulk; their secondary indexes are rebuilt afterwards. */
const BIG_TABLES = [
  'customers',
  'jobs',
  'interactions',
  'usage_records',
  'bot_runs',
  'bot_results',
  'bot_usage',
];

export interface LoadedIds {
  companyId: string;
  technicianId: string;
  publisherId: string;
}

/** Loads the data set into a migrated, demo-seeded database; triggers stay off during the load. */
export async function loadDashboardData(
  databaseUrl: string,
  set: DashboardDataSet,
): Promise<LoadedIds> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = (text: string, values?: unknown[]) => client.query(text, values);
    const replica = await prepareBulkLoad(q);
    if (!replica) {
      console.log('  (not a superuser: triggers stay on; the load marks dirty days row by row)');
    }
    const one = async (text: string, values: unknown[]) =>
      String((await q(text, values)).rows[0]?.id);
    const ids: LoadedIds = {
      companyId: await one(`SELECT company_id AS id FROM users WHERE email = $1`, [
        DASHBOARD_ACCOUNTS.companyAdmin,
      ]),
      technicianId: await one(`SELECT id FROM users WHERE email = $1`, [
        DASHBOARD_ACCOUNTS.technician,
      ]),
      publisherId: await one(`SELECT publisher_id AS id FROM users WHERE email = $1`, [
        DASHBOARD_ACCOUNTS.publisher,
      ]),
    };
    const params = [ids.companyId];
    // One clock for the whole load: item i of n (1 = the newest) happens at at(i, n).
    const { rows: clock } = await q(`SELECT now() AS now`);
    const nowLiteral = `'${(clock[0].now as Date).toISOString()}'::timestamptz`;
    const at = (i: string, n: number) =>
      `(${nowLiteral} - (${i})::float8 / ${n} * interval '${set.days} days')`;

    await timed(`technicians: ${set.technicians}`, async () => {
      await q(
        `INSERT INTO users (name, email, password_hash, email_verified_at, role_id, company_id)
         SELECT 'Bench Technician ' || lpad(t::text, 2, '0'),
           'dash.tech' || t || '@bench.fieldbot.test', u.password_hash, now(), u.role_id, u.company_id
         FROM users u, generate_series(1, $2::int - (SELECT count(*)::int FROM users x
           JOIN roles r ON r.id = x.role_id WHERE x.company_id = $1 AND r.alias = 'field_team')) t
         WHERE u.email = $3`,
        [ids.companyId, set.technicians, DASHBOARD_ACCOUNTS.technician],
      );
    });
    // The demo technician first, so she has her share of everything.
    const { rows: techRows } = await q(
      `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
       WHERE u.company_id = $1 AND r.alias = 'field_team' ORDER BY u.email <> $2, u.email`,
      [ids.companyId, DASHBOARD_ACCOUNTS.technician],
    );
    const techIds = `'{${techRows.map((r: { id: string }) => r.id).join(',')}}'::uuid[]`;
    const tech = (expr: string) => `(${techIds})[(1 + (${expr}) % ${techRows.length})::int]`;

    // Bots: six of the demo publisher (Northwind), all subscribed by the company.
    await timed(`bots: ${set.bots} of the demo publisher`, async () => {
      const names = `ARRAY[${BOT_NAMES.slice(0, set.bots)
        .map((n) => `'${n}'`)
        .join(', ')}]::text[]`;
      const tags = `'[{"index":0,"label":"Evidence","description":"What was said.","rule":null}]'::jsonb`;
      await q(
        `INSERT INTO bots (id, publisher_id, name, description, prompt, color, trigger, trigger_event,
           output_tags, engine, visibility, status, latest_version, has_unpublished_changes,
           price_per_run_cents, published_at, created_at, updated_at)
         SELECT pg_temp.bench_uuid('dbot' || b), $1, (${names})[b], 'Reviews each visit.',
           'Find the evidence.', 'blue', 'recording-complete', 'every', ${tags}, 'rules',
           'marketplace', 'published', 1, false, 2 + b, now() - interval '800 days',
           now() - interval '800 days', now()
         FROM generate_series(1, ${set.bots}) b`,
        [ids.publisherId],
      );
      await q(
        `INSERT INTO bot_versions (id, bot_id, number, name, prompt, color, trigger, trigger_event,
           output_tags, engine, changelog, published_at)
         SELECT pg_temp.bench_uuid('dver' || b), pg_temp.bench_uuid('dbot' || b), 1, name, prompt,
           color, trigger, trigger_event, output_tags, engine, 'First version', published_at
         FROM generate_series(1, ${set.bots}) b JOIN bots ON bots.id = pg_temp.bench_uuid('dbot' || b)`,
      );
      await q(
        `INSERT INTO company_bots (company_id, bot_id, version_id, created_at)
         SELECT $1, pg_temp.bench_uuid('dbot' || b), pg_temp.bench_uuid('dver' || b),
           now() - interval '800 days'
         FROM generate_series(1, ${set.bots}) b`,
        params,
      );
    });

    await withoutSecondaryIndexes(q, BIG_TABLES, async () => {
      await timed(`customers: ${set.customers.toLocaleString('en')}`, async () => {
        await q(
          `INSERT INTO customers (id, company_id, external_id, name, type, active, created_at, updated_at)
           SELECT pg_temp.bench_uuid('dc' || n), $1, 'D-' || lpad(n::text, 7, '0'),
             'Bench Customer ' || lpad(n::text, 7, '0'),
             CASE WHEN n % 5 = 0 THEN 'Commercial' ELSE 'Residential' END, true,
             ${nowLiteral} - interval '800 days', ${nowLiteral}
           FROM generate_series(1, ${set.customers}) n`,
          params,
        );
      });

      const customerOfJob = (j: string) =>
        `pg_temp.bench_uuid('dc' || (1 + (${j}) * 7 % ${set.customers}))`;
      await timed(`jobs: ${set.jobs.toLocaleString('en')}`, async () => {
        await q(
          `INSERT INTO jobs (id, company_id, customer_id, job_number, technician_id, status, revenue,
             completed_at, completion_published_at, created_at, updated_at)
           SELECT pg_temp.bench_uuid('dj' || j), $1, ${customerOfJob('j')},
             'DJ-' || lpad(j::text, 7, '0'),
             CASE WHEN j % 97 = 0 THEN NULL ELSE ${tech('j * 31')} END,
             CASE WHEN j % 10 = 0 THEN 'scheduled' WHEN j % 37 = 0 THEN 'canceled' ELSE 'completed' END,
             CASE WHEN j % 10 = 0 OR j % 37 = 0 THEN NULL ELSE 80 + (j::bigint * 7919) % 4000 + 0.5 END,
             CASE WHEN j % 10 = 0 OR j % 37 = 0 THEN NULL ELSE ${at('j', set.jobs)} END,
             CASE WHEN j % 10 = 0 OR j % 37 = 0 THEN NULL ELSE ${at('j', set.jobs)} END,
             ${at('j', set.jobs)} - interval '3 hours', ${at('j', set.jobs)}
           FROM generate_series(1, ${set.jobs}) j`,
          params,
        );
      });

      const recordings = Math.round(set.interactions * 0.6);
      const calls = set.interactions - recordings;
      await timed(
        `interactions: ${recordings.toLocaleString('en')} field recordings + ` +
          `${calls.toLocaleString('en')} CSR calls, in time order`,
        async () => {
          // Recording k belongs to job j(k); jobs with j % 5 = 0 get none.
          const job = `(1 + (k::bigint * 7919) % ${set.jobs})`;
          await q(
            `INSERT INTO interactions (id, company_id, customer_id, job_id, number, type, call_type,
               status, download_status, recorded_by_id, started_at, duration_seconds,
               audio_merge_status, transcript_status, created_at, updated_at)
             SELECT * FROM (
               SELECT pg_temp.bench_uuid('dr' || k), $1::uuid, ${customerOfJob('j')},
                 pg_temp.bench_uuid('dj' || j), 'DR-' || k, 'field-recording', NULL,
                 'completed', NULL, ${tech('j * 31')},
                 ${at('j', set.jobs)} - (20 + k % 100) * interval '1 minute',
                 (60 + (k * 13) % 2400)::float8, 'completed', 'completed',
                 ${at('j', set.jobs)}, ${at('j', set.jobs)}
               FROM (SELECT k, CASE WHEN ${job} % 5 = 0 THEN ${job} - 1 ELSE ${job} END AS j
                 FROM generate_series(1, ${recordings}) k) r
               UNION ALL
               SELECT pg_temp.bench_uuid('dcall' || k), $1::uuid,
                 pg_temp.bench_uuid('dc' || (1 + k * 13 % ${set.customers})), NULL, 'DC-' || k,
                 'csr-call',
                 CASE WHEN k % 20 < 9 THEN 'Booked' WHEN k % 20 < 15 THEN 'Unbooked' END,
                 'completed', 'completed', NULL, ${at('k', calls)}, (30 + (k * 7) % 600)::float8,
                 'completed', 'completed', ${at('k', calls)}, ${at('k', calls)}
               FROM generate_series(1, ${calls}) k
             ) x ORDER BY 11`,
            params,
          );
        },
      );

      await timed('usage_records: one per interaction', async () => {
        await q(
          `INSERT INTO usage_records (company_id, interaction_id, seconds, recorded_at)
           SELECT company_id, id, duration_seconds, started_at + duration_seconds * interval '1 second'
           FROM interactions WHERE company_id = $1 AND (number LIKE 'DR-%' OR number LIKE 'DC-%')
           ORDER BY started_at`,
          params,
        );
      });

      const runs = set.botResults / 2;
      await timed(
        `bot runs: ${runs.toLocaleString('en')}, results and bot_usage: ` +
          `${set.botResults.toLocaleString('en')}`,
        async () => {
          // Run r covers recording k(r), evenly spaced over the recordings, with two distinct bots.
          await q(
            `CREATE TEMP TABLE bench_run AS
             SELECT r, i.id AS interaction_id, i.customer_id,
               i.started_at + i.duration_seconds * interval '1 second' + interval '2 minutes' AS at
             FROM generate_series(1, ${runs}) r
             JOIN interactions i
               ON i.id = pg_temp.bench_uuid('dr' || (1 + (r - 1)::bigint * ${recordings} / ${runs}))`,
          );
          await q(
            `INSERT INTO bot_runs (id, company_id, target_type, customer_id, interaction_id,
               run_type, dedupe_key, status, started_at, finished_at, execution_seconds)
             SELECT pg_temp.bench_uuid('drun' || r), $1, 'field-recording', customer_id,
               interaction_id, 'automatic', 'bench:' || r, 'completed', at,
               at + interval '40 seconds', 40
             FROM bench_run ORDER BY at`,
            params,
          );
          const positive = `'[{"id":0,"label":"Evidence","data":"The customer agreed.","description":"What was said."}]'::jsonb`;
          const empty = `'[{"id":0,"label":"Evidence","data":null,"description":"What was said."}]'::jsonb`;
          await q(
            `CREATE TEMP TABLE bench_result AS
             SELECT pg_temp.bench_uuid('dres' || r || ':' || b) AS id,
               pg_temp.bench_uuid('drun' || r) AS run_id,
               CASE WHEN b = 0 THEN 1 + r % ${set.bots}
                 ELSE 1 + (r % ${set.bots} + 1 + r % ${set.bots - 1}) % ${set.bots} END AS bot,
               (r * 2 + b) % 25 <> 0 AS ok, (r * 3 + b * 7) % 10 < 6 AS positive,
               at + interval '40 seconds' AS at
             FROM bench_run, generate_series(0, 1) b`,
          );
          await q(
            `INSERT INTO bot_results (id, run_id, company_id, bot_id, version_id, status,
               output_tags, attempts, created_at, finished_at)
             SELECT id, run_id, $1, pg_temp.bench_uuid('dbot' || bot), pg_temp.bench_uuid('dver' || bot),
               CASE WHEN ok THEN 'success' ELSE 'failed' END,
               CASE WHEN NOT ok THEN NULL WHEN positive THEN ${positive}
                 WHEN bot % 2 = 0 THEN ${empty} ELSE '[]'::jsonb END,
               1, at - interval '40 seconds', at
             FROM bench_result ORDER BY at`,
            params,
          );
          await q(
            `INSERT INTO bot_usage (result_id, company_id, bot_id, version_id, engine, publisher_id,
               tokens_in, tokens_out, cost_millicents, billable, markup_percent,
               estimated_millicents, client_cost_millicents, created_at)
             SELECT x.id, $1, b.id, pg_temp.bench_uuid('dver' || x.bot), 'rules', b.publisher_id,
               0, 0, 0, x.ok, CASE WHEN x.ok THEN m.markup ELSE 0 END,
               CASE WHEN x.ok THEN b.price_per_run_cents * 1000 ELSE 0 END,
               CASE WHEN x.ok
                 THEN round(b.price_per_run_cents * 1000 * (100 + m.markup) / 100.0)::int ELSE 0 END,
               x.at
             FROM bench_result x
             JOIN bots b ON b.id = pg_temp.bench_uuid('dbot' || x.bot)
             JOIN publishers p ON p.id = b.publisher_id
             LEFT JOIN publisher_clients pc ON pc.publisher_id = p.id AND pc.company_id = $1
             CROSS JOIN LATERAL (SELECT coalesce(pc.markup_percent, p.markup_percent) AS markup) m
             ORDER BY x.at`,
            params,
          );
        },
      );

      await timed('customer counters', async () => {
        await q(
          `UPDATE customers c SET jobs_count = x.n
           FROM (SELECT customer_id, count(*)::int AS n FROM jobs GROUP BY customer_id) x
           WHERE c.id = x.customer_id AND c.company_id = $1`,
          params,
        );
        await q(
          `UPDATE customers c SET interactions_count = x.n
           FROM (SELECT customer_id, count(*)::int AS n FROM interactions GROUP BY customer_id) x
           WHERE c.id = x.customer_id AND c.company_id = $1`,
          params,
        );
      });
    });
    if (replica) await q(`SET session_replication_role = DEFAULT`);
    await rebuildTriggerKeptRows(q);
    await timed('VACUUM ANALYZE', async () => {
      for (const table of [...BIG_TABLES, 'users', 'bots', 'company_bots']) {
        await q(`VACUUM (ANALYZE) ${table}`);
      }
    });
    const { rows } = await q(
      `SELECT (SELECT count(*) FROM interactions WHERE company_id = $1)::int AS interactions,
         (SELECT count(*) FROM jobs WHERE company_id = $1)::int AS jobs,
         (SELECT count(*) FROM jobs WHERE company_id = $1 AND status = 'completed')::int AS completed_jobs,
         (SELECT count(*) FROM bot_results WHERE company_id = $1)::int AS bot_results,
         (SELECT count(*) FROM bot_usage WHERE company_id = $1)::int AS bot_usage,
         (SELECT count(*) FROM usage_records WHERE company_id = $1)::int AS usage_records,
         (SELECT pg_size_pretty(pg_database_size(current_database()))) AS size`,
      params,
    );
    console.log(`  ${JSON.stringify(rows[0])}`);
    return ids;
  } finally {
    await client.end();
  }
}
