import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import pino from 'pino';
import { createBotAutomation } from '../jobs/bot-automation.js';
import { createBotRunHandler } from '../jobs/bot-run.js';
import { createBotRunJobRepo, createBotRunsRepo } from '../modules/bot-runs/index.js';
import { createRulesEngine } from '../providers/bot-engine/rules/rules-engine.js';
import type { Db } from '../db/client.js';
import { botResults, botRuns, botUsage, interactions } from '../db/schema/index.js';
import { random } from '../lib/demo-random.js';

/**
 * Bot-run history of the demo companies: the automatic runs their subscribed Northwind
 * bots would have made on their completed interactions, so the dashboards, the clients page and
 * the invoices show bot figures. Made by the real code paths — the automation picks the bots of
 * each interaction.completed event and creates the run, the bot-run handler runs the rules engine
 * over the transcript and finishes each result (which meters it in bot_usage) — then dated at the
 * interaction's end, so the 90 days of demo history span several billing months.
 *
 * The newest week is left alone: the browser tests run bots on recent demo interactions and
 * expect 'no results yet' there. A fixed pseudo-random draw skips some interactions, as a company
 * switching automation on and off would, and is the same on every installation.
 */

/** Interactions newer than this are left without runs. */
export const DEMO_BOT_HISTORY_QUIET_DAYS = 7;
/** Share of the older interactions that got an automatic run. */
const RUN_SHARE = 0.85;
const SEED = 13_013;

export async function seedDemoBotHistory(
  db: Db,
  companyIds: readonly string[],
  now: Date,
): Promise<number> {
  const quietSince = new Date(now.getTime() - DEMO_BOT_HISTORY_QUIET_DAYS * 86_400_000);
  const targets = await db
    .select({
      id: interactions.id,
      companyId: interactions.companyId,
      customerId: interactions.customerId,
      jobId: interactions.jobId,
      type: interactions.type,
      callType: interactions.callType,
    })
    .from(interactions)
    .where(
      and(
        inArray(interactions.companyId, [...companyIds]),
        eq(interactions.status, 'completed'),
        lt(interactions.startedAt, quietSince),
      ),
    )
    .orderBy(interactions.startedAt, interactions.id);

  const queued: string[] = [];
  const automation = createBotAutomation({
    repo: createBotRunsRepo(db),
    queue: { enqueue: async (ids) => void queued.push(...ids) },
  });
  const handler = createBotRunHandler({
    repo: createBotRunJobRepo(db),
    engines: { rules: createRulesEngine(), llm: null },
    logger: pino({ enabled: false }),
  });

  const rand = random(SEED);
  const runIds: string[] = [];
  for (const target of targets) {
    if (rand.next() > RUN_SHARE) continue;
    const runId = await automation.onInteractionCompleted({
      interaction_id: target.id,
      company_id: target.companyId,
      customer_id: target.customerId,
      job_id: target.jobId,
      type: target.type,
      call_type: target.callType,
    });
    if (runId) runIds.push(runId);
  }
  // The bot-run job's work, one result at a time: last attempt, so a failure fails the result.
  for (const resultId of queued.splice(0)) await handler.run(resultId, { final: true });
  if (runIds.length === 0) return 0;

  // Dated as if each ran when its interaction ended: run, results and the metering clock.
  const ids = sql.join(
    runIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const ended = sql`(i.started_at + make_interval(secs => coalesce(i.duration_seconds, 0) + 60))`;
  await db.execute(sql`update ${botRuns} r set started_at = ${ended},
      finished_at = ${ended} + (r.finished_at - r.started_at)
    from ${interactions} i where i.id = r.interaction_id and r.id in (${ids})`);
  await db.execute(sql`update ${botResults} res set created_at = r.started_at,
      finished_at = r.finished_at
    from ${botRuns} r where r.id = res.run_id and r.id in (${ids})`);
  await db.execute(sql`update ${botUsage} u set created_at = res.finished_at
    from ${botResults} res where res.id = u.result_id and res.run_id in (${ids})`);
  return runIds.length;
}
