import { BOT_TRIGGERS } from '@fieldbot/shared';
import pg from 'pg';
import { rebuildTriggerKeptRows, timed } from './bulk-load';

/**
 * The marketplace data set, made on the server with INSERT … SELECT generate_series, reproducible
 * (setseed): PUBLISHERS publishers (the demo's Northwind Bots and PUBLISHERS − 1 more) × BOTS_PER_
 * PUBLISHER published bots (a tenth private, the three triggers in turn, a fifth with three versions
 * of which the first is deprecated, the newest carrying the demo's example), COMPANIES companies each subscribed
 * to SUBSCRIPTIONS_PER_COMPANY bots whose publisher is drawn as floor(PUBLISHERS × random()³), so a
 * few publishers have thousands of clients and most a handful (Northwind, index 0, the most: about
 * a tenth of all subscriptions), publisher_clients for every subscription plus a tenth of the
 * companies by referral, a client markup override on an eighth of them, and RUNS_PER_SUBSCRIPTION
 * metered runs per subscription per month in bot_usage over the previous UTC month and this one
 * to date. Two fifths of the subscriptions carry a rating (a fifth of those with a comment). The
 * demo company (Acme, whose admin measures the marketplace) is a referral client of publishers 1–20
 * (private bots visible, a markup override on some) and subscribed to a bot of each. Marketplace
 * counters (subscribers_count, rating_sum, rating_count, published_at) are computed from the rows
 * afterwards, so they agree with company_bots and bot_ratings as the app keeps them.
 *
 * bot_usage rows point at result ids that have no bot_results row (foreign keys are off during the
 * load): the list reads bot_usage alone, and a run's detail is not what this measures.
 */
export const DATA_SET = {
  publishers: 1_000,
  botsPerPublisher: 50,
  companies: 10_000,
  subscriptionsPerCompany: 3,
  runsPerSubscription: Number(process.env.BENCH_RUNS_PER_SUBSCRIPTION ?? 10),
} as const;

/** Words of the generated company names; a keyword such as 'plumb' matches about an eighth. */
const TRADES = ['Plumbing', 'Heating', 'Electric', 'Roofing', 'Cooling', 'Pest', 'Solar', 'Garage'];
const PLACES = ['Northside', 'Lakeview', 'Summit', 'Riverbend', 'Oak Hill', 'Harbor', 'Mesa'];

const sqlText = (items: string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Loads the data set into a migrated, demo-seeded database. */
export async function loadMarketplaceData(databaseUrl: string): Promise<void> {
  const { publishers, botsPerPublisher, companies, subscriptionsPerCompany, runsPerSubscription } =
    DATA_SET;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = (text: string, values?: unknown[]) => client.query(text, values);
    await q(`SET synchronous_commit = off`);
    await q(`SET maintenance_work_mem = '256MB'`);
    // Skips foreign-key checks and triggers (consistent by construction); needs a superuser.
    await q(`SET session_replication_role = replica`).catch(() => undefined);
    await q(`SELECT setseed(0.42)`);
    await q(`CREATE FUNCTION pg_temp.bench_uuid(label text) RETURNS uuid LANGUAGE sql IMMUTABLE
      AS $$ SELECT overlay(overlay(md5(label) placing '4' from 13) placing '8' from 17)::uuid $$`);

    await timed(`publishers: ${publishers.toLocaleString('en')}`, async () => {
      await q(`CREATE TEMP TABLE bench_pub (idx int PRIMARY KEY, id uuid NOT NULL)`);
      await q(`INSERT INTO bench_pub SELECT 0, id FROM publishers WHERE name = 'Northwind Bots'`);
      await q(
        `INSERT INTO publishers (id, name, code, markup_percent, description)
         SELECT pg_temp.bench_uuid('pub' || i), 'Bench Publisher ' || i, 'BENCH' || i,
           5 + i % 40, 'Bots for field service teams.'
         FROM generate_series(1, $1::int - 1) i`,
        [publishers],
      );
      await q(
        `INSERT INTO bench_pub SELECT i, pg_temp.bench_uuid('pub' || i)
         FROM generate_series(1, $1::int - 1) i`,
        [publishers],
      );
    });

    await timed(`bots: ${(publishers * botsPerPublisher).toLocaleString('en')}`, async () => {
      await q(`CREATE TEMP TABLE bench_bot AS
        SELECT p.idx AS p, b, pg_temp.bench_uuid('bot' || p.idx || ':' || b) AS bot_id,
          pg_temp.bench_uuid('ver' || p.idx || ':' || b) AS version_id, p.id AS publisher_id
        FROM bench_pub p, generate_series(1, ${botsPerPublisher}) b`);
      await q(`CREATE UNIQUE INDEX ON bench_bot (p, b)`);
      // A fifth of the bots have three versions (b % 5 = 0), the others one.
      await q(`ALTER TABLE bench_bot ADD COLUMN versions int`);
      await q(`UPDATE bench_bot SET versions = CASE WHEN b % 5 = 0 THEN 3 ELSE 1 END`);
      const tags = `'[{"index":0,"label":"Evidence","description":"What was said.","rule":null}]'::jsonb`;
      await q(
        `INSERT INTO bots (id, publisher_id, name, description, prompt, color, trigger, trigger_event,
           output_tags, engine, visibility, status, latest_version, has_unpublished_changes,
           price_per_run_cents, published_at, created_at, updated_at)
         SELECT bot_id, publisher_id,
           (${sqlText(TRADES)})[1 + b % ${TRADES.length}] || ' coach ' || p || '-' || b,
           'Finds what matters in each call.', 'Find the evidence.', 'green',
           (${sqlText([...BOT_TRIGGERS])})[1 + (p + b) % ${BOT_TRIGGERS.length}],
           'every', ${tags}, 'rules', CASE WHEN b % 10 = 0 THEN 'private' ELSE 'marketplace' END,
           'published', versions, false, 1 + b % 20, now() - ((b + p % 7) || ' days')::interval,
           now() - interval '90 days', now()
         FROM bench_bot`,
      );
      // Version n of a bot with v versions was published (v − n) × 30 days before the newest;
      // the newest carries the example of a demo bot (as publish stores the test run).
      await q(
        `INSERT INTO bot_versions (id, bot_id, number, name, prompt, color, trigger, trigger_event,
           output_tags, engine, changelog, published_at, example)
         SELECT CASE WHEN n = v.versions THEN v.version_id
             ELSE pg_temp.bench_uuid('ver' || v.p || ':' || v.b || ':' || n) END,
           v.bot_id, n, b.name, b.prompt, b.color, b.trigger, b.trigger_event,
           b.output_tags, b.engine, CASE WHEN n = 1 THEN 'First version' ELSE 'Sharper evidence' END,
           b.published_at - ((v.versions - n) * 30 || ' days')::interval,
           CASE WHEN n = v.versions THEN
             (SELECT example FROM bot_versions WHERE example IS NOT NULL LIMIT 1) END
         FROM bench_bot v JOIN bots b ON b.id = v.bot_id, generate_series(1, v.versions) n`,
      );
      // Version 1 of the three-version bots is deprecated, retiring in 30 days.
      await q(
        `UPDATE bot_versions bv SET deprecated_at = now() - interval '1 day',
           retires_on = to_char((now() AT TIME ZONE 'UTC') + interval '30 days', 'YYYY-MM-DD'),
           deprecation_note = 'Superseded by v3.'
         FROM bench_bot v WHERE bv.bot_id = v.bot_id AND v.versions = 3 AND bv.number = 1`,
      );
    });

    await timed(`companies: ${companies.toLocaleString('en')}`, async () => {
      await q(
        `INSERT INTO companies (id, name, city, state, description)
         SELECT pg_temp.bench_uuid('co' || i),
           (${sqlText(PLACES)})[1 + i % ${PLACES.length}] || ' ' ||
             (${sqlText(TRADES)})[1 + (i / ${PLACES.length}) % ${TRADES.length}] || ' ' || i,
           'Austin', 'TX', 'Home services.'
         FROM generate_series(1, $1::int) i`,
        [companies],
      );
    });

    await timed('subscriptions and clients', async () => {
      // Drawn in a plain select list, so random() runs once per (company, pick).
      await q(
        `CREATE TEMP TABLE bench_pick AS
         SELECT c, floor($3::int * power(random(), 3))::int AS p,
           1 + floor(random() * $4::int)::int AS b, floor(random() * 300)::int AS days_ago
         FROM generate_series(1, $1::int) c, generate_series(1, $2::int) k`,
        [companies, subscriptionsPerCompany, publishers, botsPerPublisher],
      );
      await q(
        `INSERT INTO company_bots (company_id, bot_id, version_id, created_at)
         SELECT pg_temp.bench_uuid('co' || pick.c), v.bot_id,
           CASE WHEN v.versions > 1 AND pick.c % 3 = 0
             THEN pg_temp.bench_uuid('ver' || v.p || ':' || v.b || ':1') ELSE v.version_id END,
           now() - (pick.days_ago || ' days')::interval
         FROM bench_pick pick JOIN bench_bot v ON v.p = pick.p AND v.b = pick.b
         ON CONFLICT DO NOTHING`,
      );
      // The demo company: a referral client of publishers 1–20, subscribed to a bot of each.
      await q(`CREATE TEMP TABLE bench_demo AS
        SELECT company_id AS id FROM users WHERE email = 'admin@demo.fieldbot.test'`);
      await q(
        `INSERT INTO publisher_clients (publisher_id, company_id, source, markup_percent, created_at)
         SELECT p.id, d.id, 'referral', CASE WHEN p.idx % 4 = 0 THEN 12 END, now() - interval '60 days'
         FROM bench_pub p, bench_demo d WHERE p.idx BETWEEN 1 AND 20
         ON CONFLICT DO NOTHING`,
      );
      await q(
        `INSERT INTO company_bots (company_id, bot_id, version_id, created_at)
         SELECT d.id, v.bot_id, v.version_id, now() - interval '30 days'
         FROM bench_bot v, bench_demo d WHERE v.p BETWEEN 1 AND 20 AND v.b = 1 + v.p % 10
         ON CONFLICT DO NOTHING`,
      );
      await q(
        `INSERT INTO publisher_clients (publisher_id, company_id, source, created_at)
         SELECT b.publisher_id, cb.company_id, 'subscription', min(cb.created_at)
         FROM company_bots cb JOIN bots b ON b.id = cb.bot_id
         GROUP BY b.publisher_id, cb.company_id
         ON CONFLICT DO NOTHING`,
      );
      await q(
        `INSERT INTO publisher_clients (publisher_id, company_id, source, created_at)
         SELECT p.id, pg_temp.bench_uuid('co' || r.c), 'referral', now() - interval '400 days'
         FROM (SELECT c, floor($2::int * power(random(), 3))::int AS p
           FROM generate_series(10, $1::int, 10) c) r
         JOIN bench_pub p ON p.idx = r.p
         ON CONFLICT DO NOTHING`,
        [companies, publishers],
      );
      await q(
        `UPDATE publisher_clients SET markup_percent = 10 + abs(hashtext(company_id::text)) % 30
         WHERE abs(hashtext(publisher_id::text || company_id::text)) % 8 = 0`,
      );
    });

    await timed('ratings and marketplace counters', async () => {
      await q(
        `INSERT INTO bot_ratings (company_id, bot_id, rating, comment, created_at, updated_at)
         SELECT cb.company_id, cb.bot_id, r.rating,
           CASE WHEN random() < 0.2 THEN 'Useful on our calls.' END, r.at, r.at
         FROM company_bots cb
         CROSS JOIN LATERAL (SELECT greatest(1, 5 - floor(power(random(), 2) * 5))::int AS rating,
           cb.created_at + random() * (now() - cb.created_at) AS at) r
         WHERE random() < 0.4
         ON CONFLICT DO NOTHING`,
      );
      // Recomputed for every bot (demo ones included), as the app's same-transaction updates keep them.
      await q(
        `UPDATE bots b SET subscribers_count = coalesce(s.n, 0), rating_sum = coalesce(r.sum, 0),
           rating_count = coalesce(r.n, 0)
         FROM bots x
         LEFT JOIN (SELECT bot_id, count(*)::int AS n FROM company_bots GROUP BY bot_id) s
           ON s.bot_id = x.id
         LEFT JOIN (SELECT bot_id, sum(rating)::int AS sum, count(*)::int AS n
           FROM bot_ratings GROUP BY bot_id) r ON r.bot_id = x.id
         WHERE x.id = b.id`,
      );
    });

    await timed('bot_usage: two months of metered runs', async () => {
      // Previous UTC month start → now: a full month and this month to date.
      await q(
        `INSERT INTO bot_usage (result_id, company_id, bot_id, version_id, engine, publisher_id,
           tokens_in, tokens_out, cost_millicents, billable, markup_percent, estimated_millicents,
           client_cost_millicents, created_at)
         SELECT gen_random_uuid(), x.company_id, x.bot_id, x.version_id, 'rules', b.publisher_id,
           0, 0, 0, x.ok, CASE WHEN x.ok THEN m.markup ELSE 0 END,
           CASE WHEN x.ok THEN b.price_per_run_cents * 1000 ELSE 0 END,
           CASE WHEN x.ok THEN round(b.price_per_run_cents * 1000 * (100 + m.markup) / 100.0)::int
             ELSE 0 END,
           x.at
         FROM (
           SELECT cb.company_id, cb.bot_id, cb.version_id, random() < 0.95 AS ok,
             w.start + random() * (now() - w.start) AS at
           FROM company_bots cb
           CROSS JOIN (SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
             - interval '1 month' AS start) w
           CROSS JOIN generate_series(1, $1::int * 2) r
         ) x
         JOIN bots b ON b.id = x.bot_id
         JOIN publishers p ON p.id = b.publisher_id
         LEFT JOIN publisher_clients pc
           ON pc.publisher_id = b.publisher_id AND pc.company_id = x.company_id
         CROSS JOIN LATERAL (SELECT coalesce(pc.markup_percent, p.markup_percent) AS markup) m`,
        [runsPerSubscription],
      );
    });

    await rebuildTriggerKeptRows(q);
    await timed('VACUUM ANALYZE', () => q(`VACUUM ANALYZE`));
    const { rows: summary } = await q(
      `SELECT (SELECT count(*) FROM company_bots)::int AS subscriptions,
         (SELECT count(*) FROM publisher_clients)::int AS clients,
         (SELECT count(*) FROM bot_versions)::int AS versions,
         (SELECT count(*) FROM bot_ratings)::int AS ratings,
         (SELECT count(*) FROM bot_usage)::int AS usage,
         (SELECT count(*) FROM publisher_clients pc JOIN bench_pub p ON p.id = pc.publisher_id
           WHERE p.idx = 0)::int AS northwind_clients`,
    );
    console.log(`  ${JSON.stringify(summary[0])}`);
  } finally {
    await client.end();
  }
}
