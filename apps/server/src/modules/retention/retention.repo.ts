import { RETENTION_DELETED_FINDING } from '@fieldbot/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interactionFilesPage, type InteractionFiles } from '../../db/queries/interaction-files.js';
import { rowsOf } from '../../db/raw-rows.js';

/** A company's retention settings; null days keep that kind of data forever. */
export interface RetentionPolicy {
  companyId: string;
  audioDays: number | null;
  transcriptDays: number | null;
}

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** Interactions of the company started at or before the cutoff, except customers on legal hold. */
const expired = (companyId: string, cutoff: Date): SQL => sql`i.company_id = ${companyId}
  and i.started_at <= ${cutoff.toISOString()}::timestamptz
  and not exists (select 1 from customers c where c.id = i.customer_id and c.legal_hold)`;

/**
 * A bot result still holding what retention deletes: the transcript it read, the model's answer,
 * the quoted evidence, or findings not yet replaced by RETENTION_DELETED_FINDING.
 */
const resultHoldsContent = sql`(r.transcript_text is not null or r.raw_response is not null
  or r.response_tags is not null
  or jsonb_path_exists(coalesce(r.output_tags, '[]'::jsonb),
    '$[*] ? (exists(@.amounts) || (@.data != null && @.data != $p))',
    jsonb_build_object('p', ${RETENTION_DELETED_FINDING}::text)))`;

/**
 * The retention job's queries. Every selection looks for what is still held, not for a missing
 * deleted-at mark, so a second run finds nothing, a run after a crash finds what the crash left,
 * and anything the pipeline writes back later (a transcription that was still running) is found
 * by the next run.
 */
export function createRetentionRepo(db: Db) {
  return {
    /** Companies with at least one retention setting (everyone else keeps everything). */
    async policies(): Promise<RetentionPolicy[]> {
      const rows = rowsOf<{ id: string; audio: number | null; transcript: number | null }>(
        await db.execute(sql`select id, audio_retention_days as audio,
            transcript_retention_days as transcript
          from companies
          where audio_retention_days is not null or transcript_retention_days is not null
          order by id`),
      );
      return rows.map((r) => ({
        companyId: r.id,
        audioDays: r.audio,
        transcriptDays: r.transcript,
      }));
    },

    async policyOf(companyId: string): Promise<RetentionPolicy | null> {
      const [row] = rowsOf<{ audio: number | null; transcript: number | null }>(
        await db.execute(sql`select audio_retention_days as audio,
            transcript_retention_days as transcript
          from companies where id = ${companyId}`),
      );
      return row ? { companyId, audioDays: row.audio, transcriptDays: row.transcript } : null;
    },

    /** The next batch of expired interactions that still have audio or point at some. */
    /** Expired interactions that still hold audio or a pointer to it, oldest first. */
    expiredAudio(companyId: string, cutoff: Date, limit: number): Promise<InteractionFiles[]> {
      return interactionFilesPage(
        db,
        sql`${expired(companyId, cutoff)}
          and (a.interaction_id is not null or cardinality(i.source_keys) > 0
            or i.source_url is not null)`,
        limit,
        sql`i.started_at, i.id`,
      );
    },

    /**
     * After the objects are gone: the interactions drop their audio and every pointer to it (so
     * Re Download cannot bring a call's recording back) and keep the first deletion time.
     */
    async markAudioDeleted(ids: string[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from audio_assets where interaction_id = any(${uuids(ids)})`);
        await tx.execute(sql`update interactions
          set source_keys = '{}', source_url = null,
            audio_deleted_at = coalesce(audio_deleted_at, ${now.toISOString()}::timestamptz),
            updated_at = ${now.toISOString()}::timestamptz
          where id = any(${uuids(ids)})`);
      });
    },

    /** The next batch of expired interactions that still hold a transcript or bot-result content. */
    async expiredTranscripts(companyId: string, cutoff: Date, limit: number): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select i.id from interactions i
          where ${expired(companyId, cutoff)}
            and (i.transcript_text is not null
              or exists (select 1 from transcript_segments s where s.interaction_id = i.id)
              or exists (select 1 from bot_runs run join bot_results r on r.run_id = run.id
                where run.interaction_id = i.id and ${resultHoldsContent}))
          order by i.started_at, i.id
          limit ${limit}`),
      );
      return rows.map((r) => r.id);
    },

    /**
     * Deletes the transcripts of `ids` (text, so also its search words; segments) and the content
     * of their bot results, in one transaction. Returns how many results were cleared.
     */
    async deleteTranscripts(ids: string[], now: Date): Promise<{ botResults: number }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from transcript_segments where interaction_id = any(${uuids(ids)})`,
        );
        await tx.execute(sql`update interactions
          set transcript_text = null,
            transcript_deleted_at = coalesce(transcript_deleted_at, ${now.toISOString()}::timestamptz),
            updated_at = ${now.toISOString()}::timestamptz
          where id = any(${uuids(ids)})`);
        const results = rowsOf<{ id: string }>(
          await tx.execute(sql`select r.id from bot_runs run join bot_results r on r.run_id = run.id
            where run.interaction_id = any(${uuids(ids)}) and ${resultHoldsContent}`),
        ).map((r) => r.id);
        return { botResults: await clearResults(tx, results) };
      });
    },

    /**
     * Customer-wide bot results (they read all of a customer's transcripts) whose run started at
     * or before the cutoff: everything they read had expired by then.
     */
    async expiredCustomerResults(
      companyId: string,
      cutoff: Date,
      limit: number,
    ): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select r.id from bot_runs run join bot_results r on r.run_id = run.id
          where run.company_id = ${companyId} and run.interaction_id is null
            and run.started_at <= ${cutoff.toISOString()}::timestamptz
            and not exists (select 1 from customers c where c.id = run.customer_id and c.legal_hold)
            and ${resultHoldsContent}
          order by run.started_at, r.id
          limit ${limit}`),
      );
      return rows.map((r) => r.id);
    },

    async clearCustomerResults(ids: string[]): Promise<number> {
      return db.transaction((tx) => clearResults(tx, ids));
    },
  };
}

/**
 * Clears what a result read and quoted: its transcript, the model's raw answer, the evidence
 * spans, the amounts, and the findings' words (a found tag keeps RETENTION_DELETED_FINDING so
 * dashboard counts and tag search stay as they were). Reviewers' marks quote sentences and
 * their verdicts point at the deleted evidence, so both go. Metering (bot_usage) stays: invoices
 * and rollups read it.
 */
async function clearResults(tx: Pick<Db, 'execute'>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await tx.execute(sql`delete from bot_marks where result_id = any(${uuids(ids)})`);
  await tx.execute(sql`delete from bot_result_feedback where result_id = any(${uuids(ids)})`);
  await tx.execute(sql`update bot_results r set transcript_text = null, raw_response = null,
      response_tags = null,
      output_tags = case when r.output_tags is null then null else coalesce(
        (select jsonb_agg(case
            when coalesce(jsonb_typeof(t->'data'), 'null') = 'null' then t - 'amounts'
            else jsonb_set(t - 'amounts', '{data}', to_jsonb(${RETENTION_DELETED_FINDING}::text))
          end order by n)
          from jsonb_array_elements(r.output_tags) with ordinality e(t, n)),
        '[]'::jsonb) end
    where r.id = any(${uuids(ids)})`);
  return ids.length;
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
