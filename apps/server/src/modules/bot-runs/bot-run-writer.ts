import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botRunEstimatedMillicents,
  clientCostMillicents,
  effectiveMarkupPercent,
} from '@fieldbot/shared';
import {
  botResults,
  botRuns,
  bots,
  botUsage,
  botVersions,
  publisherClients,
  publishers,
} from '../../db/schema/index.js';

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

/**
 * Meters finished results once each (bot_usage), under the engine of the version each ran. A
 * successful result is billable at the client cost of spec §1: (the bot's price per run + the
 * engine cost) plus the markup — the publisher's override for this client, else its default —
 * fixed when metered so later price changes never rewrite a past month.
 */
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
    /** Only successful results are charged. */
    billable?: boolean;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const versions = await db
    .select({
      id: botVersions.id,
      engine: botVersions.engine,
      pricePerRunCents: bots.pricePerRunCents,
      publisherId: bots.publisherId,
      markupPercent: publishers.markupPercent,
    })
    .from(botVersions)
    .innerJoin(bots, eq(bots.id, botVersions.botId))
    .innerJoin(publishers, eq(publishers.id, bots.publisherId))
    .where(inArray(botVersions.id, [...new Set(rows.map((r) => r.versionId))]));
  const versionOf = new Map(versions.map((v) => [v.id, v]));
  const overrides = await db
    .select({
      publisherId: publisherClients.publisherId,
      companyId: publisherClients.companyId,
      markupPercent: publisherClients.markupPercent,
    })
    .from(publisherClients)
    .where(
      and(
        inArray(publisherClients.publisherId, [...new Set(versions.map((v) => v.publisherId))]),
        inArray(publisherClients.companyId, [...new Set(rows.map((r) => r.companyId))]),
      ),
    );
  const overrideOf = new Map(
    overrides.map((o) => [`${o.publisherId}:${o.companyId}`, o.markupPercent]),
  );
  await db
    .insert(botUsage)
    .values(
      rows.map(({ billable = false, ...row }) => {
        const version = versionOf.get(row.versionId)!;
        const markupPercent = billable
          ? effectiveMarkupPercent(
              version.markupPercent,
              overrideOf.get(`${version.publisherId}:${row.companyId}`),
            )
          : 0;
        const estimated = billable
          ? botRunEstimatedMillicents(version.pricePerRunCents, row.costMillicents)
          : 0;
        return {
          ...row,
          engine: version.engine,
          publisherId: version.publisherId,
          billable,
          markupPercent,
          estimatedMillicents: estimated,
          clientCostMillicents: billable ? clientCostMillicents(estimated, markupPercent) : 0,
        };
      }),
    )
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
