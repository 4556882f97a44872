import { CRM_GROUP_TYPE, type OutputTag } from '@fieldbot/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import {
  botResults,
  bots,
  companyBots,
  companyIntegrations,
  crmWritebackFailures,
  crmWritebacks,
  crmWritebackSettings,
  demoCrmNotes,
  integrations,
} from '../../db/schema/index.js';
import type { CrmNoteTarget, DemoNoteStore } from '../../providers/crm/index.js';

export type CrmWritebackRepo = ReturnType<typeof createCrmWritebackRepo>;
export type WritebackRow = typeof crmWritebacks.$inferSelect;

/** What a finished result needs for its note: the bot, its tags and where its run looked. */
export interface ResultContext {
  resultId: string;
  companyId: string;
  botId: string;
  botName: string;
  status: 'running' | 'success' | 'failed';
  outputTags: OutputTag[];
  targetType: 'customer' | 'field-recording' | 'csr-call';
  interactionId: string | null;
  interactionType: 'field-recording' | 'csr-call' | null;
  /** Our ids, for the link and the row's key. */
  customerId: string | null;
  jobId: string | null;
  /** The CRM's ids of the customer and the job (null: not a CRM record). */
  customerExternalId: string | null;
  jobExternalId: string | null;
}

export interface ConnectedCrm {
  companyIntegrationId: string;
  integrationId: number;
  slug: 'servicetitan' | 'demo-crm';
  name: string;
}

/** How long a worker may hold one write-back (a CRM call or two) before another may take it. */
const CLAIM_SECONDS = 120;

export function createCrmWritebackRepo(db: Db) {
  return {
    /** The company's connected field-service CRM (the most recently saved when there are two). */
    async connectedCrm(companyId: string): Promise<ConnectedCrm | null> {
      const [row] = await db
        .select({
          companyIntegrationId: companyIntegrations.id,
          integrationId: integrations.id,
          slug: integrations.slug,
          name: integrations.name,
        })
        .from(companyIntegrations)
        .innerJoin(integrations, eq(integrations.id, companyIntegrations.integrationId))
        .where(
          and(
            eq(companyIntegrations.companyId, companyId),
            eq(integrations.groupType, CRM_GROUP_TYPE),
          ),
        )
        .orderBy(desc(companyIntegrations.updatedAt))
        .limit(1);
      return row ?? null;
    },

    /** The company's subscribed bots with their switch (off when never set). */
    async botSettings(companyId: string) {
      return db
        .select({
          botId: companyBots.botId,
          name: bots.name,
          enabled: sql<boolean>`coalesce(${crmWritebackSettings.enabled}, false)`,
        })
        .from(companyBots)
        .innerJoin(bots, eq(bots.id, companyBots.botId))
        .leftJoin(
          crmWritebackSettings,
          and(
            eq(crmWritebackSettings.companyId, companyBots.companyId),
            eq(crmWritebackSettings.botId, companyBots.botId),
          ),
        )
        .where(eq(companyBots.companyId, companyId))
        .orderBy(asc(bots.name), asc(bots.id));
    },

    /** Sets the switch of a subscribed bot; null when the company has no such subscription. */
    async setEnabled(companyId: string, botId: string, enabled: boolean, userId: string) {
      const [subscribed] = await db
        .select({ name: bots.name })
        .from(companyBots)
        .innerJoin(bots, eq(bots.id, companyBots.botId))
        .where(and(eq(companyBots.companyId, companyId), eq(companyBots.botId, botId)))
        .limit(1);
      if (!subscribed) return null;
      await db
        .insert(crmWritebackSettings)
        .values({ companyId, botId, enabled, updatedById: userId })
        .onConflictDoUpdate({
          target: [crmWritebackSettings.companyId, crmWritebackSettings.botId],
          set: { enabled, updatedById: userId, updatedAt: new Date() },
        });
      return { botId, name: subscribed.name, enabled };
    },

    async isEnabled(companyId: string, botId: string): Promise<boolean> {
      const [row] = await db
        .select({ enabled: crmWritebackSettings.enabled })
        .from(crmWritebackSettings)
        .where(
          and(eq(crmWritebackSettings.companyId, companyId), eq(crmWritebackSettings.botId, botId)),
        )
        .limit(1);
      return row?.enabled ?? false;
    },

    async failure(companyIntegrationId: string) {
      const [row] = await db
        .select()
        .from(crmWritebackFailures)
        .where(eq(crmWritebackFailures.companyIntegrationId, companyIntegrationId))
        .limit(1);
      return row ?? null;
    },

    async resultContext(resultId: string): Promise<ResultContext | null> {
      const [row] = rowsOf<{
        result_id: string;
        company_id: string;
        bot_id: string;
        bot_name: string;
        status: ResultContext['status'];
        output_tags: OutputTag[] | null;
        target_type: ResultContext['targetType'];
        interaction_id: string | null;
        interaction_type: ResultContext['interactionType'];
        customer_id: string | null;
        job_id: string | null;
        customer_external_id: string | null;
        job_external_id: string | null;
      }>(
        await db.execute(sql`
          select r.id as result_id, r.company_id, r.bot_id, v.name as bot_name, r.status,
            r.output_tags, run.target_type, run.interaction_id, i.type as interaction_type,
            c.id as customer_id, j.id as job_id,
            c.external_id as customer_external_id, j.external_id as job_external_id
          from bot_results r
          join bot_runs run on run.id = r.run_id
          join bot_versions v on v.id = r.version_id
          left join interactions i on i.id = run.interaction_id
          left join jobs j on j.id = coalesce(run.job_id, i.job_id)
          left join customers c on c.id = coalesce(run.customer_id, i.customer_id, j.customer_id)
          where r.id = ${resultId}`),
      );
      if (!row) return null;
      return {
        resultId: row.result_id,
        companyId: row.company_id,
        botId: row.bot_id,
        botName: row.bot_name,
        status: row.status,
        outputTags: row.output_tags ?? [],
        targetType: row.target_type,
        interactionId: row.interaction_id,
        interactionType: row.interaction_type,
        customerId: row.customer_id,
        jobId: row.job_id,
        customerExternalId: row.customer_external_id,
        jobExternalId: row.job_external_id,
      };
    },

    /** The (company, bot, target) row, made on first use. */
    async ensureRow(companyId: string, botId: string, targetKey: string): Promise<WritebackRow> {
      await db
        .insert(crmWritebacks)
        .values({ companyId, botId, targetKey })
        .onConflictDoNothing({
          target: [crmWritebacks.companyId, crmWritebacks.botId, crmWritebacks.targetKey],
        });
      const [row] = await db
        .select()
        .from(crmWritebacks)
        .where(
          and(
            eq(crmWritebacks.companyId, companyId),
            eq(crmWritebacks.botId, botId),
            eq(crmWritebacks.targetKey, targetKey),
          ),
        )
        .limit(1);
      return row!;
    },

    /** Takes the row for one write; null when another worker holds it. */
    async claim(id: string): Promise<WritebackRow | null> {
      const [row] = await db
        .update(crmWritebacks)
        .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
        .where(
          and(
            eq(crmWritebacks.id, id),
            sql`(${crmWritebacks.claimedUntil} is null or ${crmWritebacks.claimedUntil} < now())`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async release(id: string) {
      await db.update(crmWritebacks).set({ claimedUntil: null }).where(eq(crmWritebacks.id, id));
    },

    /** Whether result `a` finished before result `b` (ties: by id), e.g. a late redelivery. */
    async finishedBefore(a: string, b: string): Promise<boolean> {
      const rows = await db
        .select({
          id: botResults.id,
          at: sql<Date>`coalesce(${botResults.finishedAt}, ${botResults.startedAt})`.mapWith(
            botResults.startedAt,
          ),
        })
        .from(botResults)
        .where(inArray(botResults.id, [a, b]));
      const ra = rows.find((r) => r.id === a);
      const rb = rows.find((r) => r.id === b);
      if (!ra || !rb) return false;
      const diff = ra.at.getTime() - rb.at.getTime();
      return diff < 0 || (diff === 0 && ra.id < rb.id);
    },

    /** A result whose note needs no CRM call (same content): only the row's result moves on. */
    async markUnchanged(id: string, resultId: string) {
      await db
        .update(crmWritebacks)
        .set({ resultId, claimedUntil: null, updatedAt: new Date() })
        .where(eq(crmWritebacks.id, id));
    },

    /** The note is in the CRM: the row says which and the integration's failures are cleared. */
    async markWritten(
      id: string,
      written: {
        companyIntegrationId: string;
        target: CrmNoteTarget;
        noteId: string | null;
        resultId: string;
        contentHash: string;
      },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(crmWritebacks)
          .set({
            companyIntegrationId: written.companyIntegrationId,
            crmTargetKind: written.target.kind,
            crmTargetId: written.target.externalId,
            noteId: written.noteId,
            resultId: written.resultId,
            contentHash: written.contentHash,
            status: 'written',
            lastError: null,
            claimedUntil: null,
            writtenAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(crmWritebacks.id, id));
        await tx
          .delete(crmWritebackFailures)
          .where(eq(crmWritebackFailures.companyIntegrationId, written.companyIntegrationId));
      });
    },

    /** The last attempt failed: the row keeps its note (a later result tries again) and the card counts it. */
    async markFailed(id: string, companyIntegrationId: string, resultId: string, error: string) {
      const at = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(crmWritebacks)
          .set({
            resultId,
            status: 'failed',
            lastError: error,
            failedAt: at,
            claimedUntil: null,
            updatedAt: at,
          })
          .where(eq(crmWritebacks.id, id));
        await tx
          .insert(crmWritebackFailures)
          .values({ companyIntegrationId, failedCount: 1, lastError: error, lastFailedAt: at })
          .onConflictDoUpdate({
            target: crmWritebackFailures.companyIntegrationId,
            set: {
              failedCount: sql`${crmWritebackFailures.failedCount} + 1`,
              lastError: error,
              lastFailedAt: at,
            },
          });
      });
    },

    /** The Demo CRM's latest notes of one integration. */
    async demoNotes(companyIntegrationId: string, limit: number) {
      return db
        .select()
        .from(demoCrmNotes)
        .where(eq(demoCrmNotes.companyIntegrationId, companyIntegrationId))
        .orderBy(desc(demoCrmNotes.updatedAt), desc(demoCrmNotes.id))
        .limit(limit);
    },
  };
}

/** The Demo CRM's note store on our database. */
export function createDemoNoteStore(db: Db): DemoNoteStore {
  return {
    async findByReference(companyIntegrationId, reference) {
      const [row] = await db
        .select({ id: demoCrmNotes.id })
        .from(demoCrmNotes)
        .where(
          and(
            eq(demoCrmNotes.companyIntegrationId, companyIntegrationId),
            sql`strpos(${demoCrmNotes.text}, ${reference}) > 0`,
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },
    async create(companyIntegrationId, target, text) {
      const [row] = await db
        .insert(demoCrmNotes)
        .values({
          companyIntegrationId,
          targetKind: target.kind,
          targetExternalId: target.externalId,
          text,
        })
        .returning({ id: demoCrmNotes.id });
      return row!.id;
    },
    async update(companyIntegrationId, noteId, text) {
      const updated = await db
        .update(demoCrmNotes)
        .set({ text, updatedAt: new Date() })
        .where(
          and(
            eq(demoCrmNotes.companyIntegrationId, companyIntegrationId),
            eq(demoCrmNotes.id, noteId),
          ),
        )
        .returning({ id: demoCrmNotes.id });
      return updated.length > 0;
    },
  };
}
