import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { botResults, botRuns, botUsage, botVersions } from '../../db/schema/index.js';

/**
 * Writes every way of running bots shares (manual and automatic runs, back-runs, the bot-run job).
 * Each takes the caller's transaction as `db`.
 */

/** One running result per (run, bot); answers their ids in the order given. */
export async function insertRunningResults(
  db: Db,
  companyId: string,
  rows: readonly { runId: string; botId: string; versionId: string }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(botResults)
    .values(
      rows.map((row) => ({
        runId: row.runId,
        companyId,
        botId: row.botId,
        versionId: row.versionId,
      })),
    )
    .returning({ id: botResults.id });
  return inserted.map((r) => r.id);
}

/** Meters finished results once each (bot_usage), under the engine of the version each ran. */
export async function meterResults(
  db: Db,
  rows: readonly {
    resultId: string;
    companyId: string;
    botId: string;
    versionId: string;
    tokensIn: number;
    tokensOut: number;
    costMillicents: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const versions = await db
    .select({ id: botVersions.id, engine: botVersions.engine })
    .from(botVersions)
    .where(inArray(botVersions.id, [...new Set(rows.map((r) => r.versionId))]));
  const engineOf = new Map(versions.map((v) => [v.id, v.engine]));
  await db
    .insert(botUsage)
    .values(rows.map((row) => ({ ...row, engine: engineOf.get(row.versionId)! })))
    .onConflictDoNothing({ target: botUsage.resultId });
}

/** Ends the runs still running with their outcome, timing them from their start. */
export async function settleRuns(
  db: Db,
  runIds: readonly string[],
  outcome: { status: 'success' | 'completed' | 'failed'; errorMessage: string | null },
): Promise<void> {
  if (runIds.length === 0) return;
  await db
    .update(botRuns)
    .set({
      status: outcome.status,
      errorMessage: outcome.errorMessage,
      finishedAt: sql`now()`,
      executionSeconds: sql`extract(epoch from now() - ${botRuns.startedAt})`,
    })
    .where(and(inArray(botRuns.id, [...runIds]), eq(botRuns.status, 'running')));
}
