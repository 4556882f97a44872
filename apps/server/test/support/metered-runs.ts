import { meterResults } from '../../src/modules/bot-runs/bot-run-writer';
import type { InsertedBot } from './bots';
import { withDb } from './drizzle-db';
import type { TestApp } from './test-app';

/** A finished run of one bot for a company, metered at `at`. */
export interface PlannedRun {
  company: string;
  bot: InsertedBot;
  status: 'success' | 'failed';
  at: string;
  /** Output tags of the result (null data = nothing found). */
  outputTags?: unknown[];
  /** Stored as the result's transcript and raw response (tests that no route leaks them). */
  transcriptText?: string;
}

export const ENGINE_MILLICENTS = 1234;

/**
 * Runs and results as the run path writes them, metered by the real writer (bot-run-writer
 * meterResults), then dated: answers the result ids in the order given.
 */
export async function meterRuns(t: TestApp, runs: PlannedRun[]): Promise<string[]> {
  const results = await t.inspect(async (q) => {
    const out: string[] = [];
    for (const run of runs) {
      const [r] = await q(
        `INSERT INTO bot_runs (company_id, target_type, run_type, status, started_at)
         VALUES ($1, 'csr-call', 'automatic', 'success', $2) RETURNING id`,
        [run.company, run.at],
      );
      const [result] = await q(
        `INSERT INTO bot_results (run_id, company_id, bot_id, version_id, status, output_tags,
           cost_millicents, created_at, finished_at, transcript_text, raw_response)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $9) RETURNING id`,
        [
          r!.id,
          run.company,
          run.bot.id,
          run.bot.versionId,
          run.status,
          run.outputTags ? JSON.stringify(run.outputTags) : null,
          ENGINE_MILLICENTS,
          run.at,
          run.transcriptText ?? null,
        ],
      );
      out.push(String(result!.id));
    }
    return out;
  });
  await withDb(t, (db) =>
    meterResults(
      db,
      runs.map((run, i) => ({
        resultId: results[i]!,
        companyId: run.company,
        botId: run.bot.id,
        versionId: run.bot.versionId,
        tokensIn: 10,
        tokensOut: 5,
        costMillicents: ENGINE_MILLICENTS,
        billable: run.status === 'success',
      })),
    ),
  );
  await t.inspect(async (q) => {
    for (const [i, run] of runs.entries()) {
      await q(`UPDATE bot_usage SET created_at = $2 WHERE result_id = $1`, [results[i], run.at]);
    }
  });
  return results;
}
