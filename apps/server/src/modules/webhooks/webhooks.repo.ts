import type { AuditEventName } from '@fieldbot/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botResults,
  botRuns,
  bots,
  interactions,
  roles,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit-log/index.js';

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;

/** Who changed or read what (never the secret itself); written with the change it records. */
export interface WebhookAudit {
  event: AuditEventName;
  userId: string;
  ip: string;
  userAgent?: string | null;
  companyId: string;
  meta: Record<string, unknown>;
}

/** The company's entry, targeting the endpoint. */
const auditEntry = (audit: WebhookAudit, endpointId: string) => ({
  ...audit,
  target: { type: 'webhook', id: endpointId },
  meta: { ...audit.meta, endpoint_id: endpointId },
});

/** Every query names the company: another company's endpoint is never found. */
export function createWebhooksRepo(db: Db) {
  const lastDelivery = db
    .select({
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      attemptedAt: webhookDeliveries.attemptedAt,
      rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId}
        order by ${webhookDeliveries.attemptedAt} desc)`.as('rank'),
    })
    .from(webhookDeliveries)
    .as('last_delivery');

  return {
    async list(companyId: string) {
      return db
        .select({
          endpoint: webhookEndpoints,
          lastStatus: lastDelivery.status,
          lastAttemptedAt: lastDelivery.attemptedAt,
        })
        .from(webhookEndpoints)
        .leftJoin(
          lastDelivery,
          and(eq(lastDelivery.endpointId, webhookEndpoints.id), eq(lastDelivery.rank, 1)),
        )
        .where(eq(webhookEndpoints.companyId, companyId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    },

    async find(companyId: string, id: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
        .limit(1);
      return row ?? null;
    },

    async countForCompany(companyId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId));
      return row?.n ?? 0;
    },

    async insert(values: typeof webhookEndpoints.$inferInsert, audit: WebhookAudit) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(webhookEndpoints).values(values).returning();
        await insertAuditEntry(tx, auditEntry(audit, row!.id));
        return row!;
      });
    },

    async update(
      companyId: string,
      id: string,
      values: Partial<typeof webhookEndpoints.$inferInsert>,
      audit: WebhookAudit,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEndpoints)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
          .returning();
        if (row) await insertAuditEntry(tx, auditEntry(audit, id));
        return row ?? null;
      });
    },

    async remove(companyId: string, id: string, audit: WebhookAudit) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(webhookEndpoints)
          .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
          .returning({ id: webhookEndpoints.id });
        if (rows.length > 0) await insertAuditEntry(tx, auditEntry(audit, id));
        return rows.length > 0;
      });
    },

    async audit(entry: WebhookAudit, endpointId: string) {
      await insertAuditEntry(db, auditEntry(entry, endpointId));
    },

    async deliveries(endpointId: string, page: number, perPage: number) {
      const [total] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpointId));
      const rows = await db
        .select({
          delivery: webhookDeliveries,
          eventType: webhookMessages.eventType,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.attemptedAt), desc(webhookDeliveries.attempt))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: total?.n ?? 0 };
    },

    // ---- Fan-out and delivery (jobs) ----

    /** Enabled endpoints of the company subscribed to the event type. */
    async subscribers(companyId: string, eventType: string) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.companyId, companyId),
            eq(webhookEndpoints.status, 'enabled'),
            sql`${eventType} = any(${webhookEndpoints.eventTypes})`,
          ),
        );
    },

    /**
     * The endpoint's message for the event: inserted, or the one a previous fan-out inserted
     * (unique per endpoint, type and event id).
     */
    async upsertMessage(values: {
      companyId: string;
      endpointId: string;
      eventType: string;
      eventId: string;
      body: string;
      /** The clock of the caller: a message exhausting its retries compares it with the last success. */
      createdAt: Date;
    }) {
      const [inserted] = await db
        .insert(webhookMessages)
        .values(values)
        .onConflictDoNothing({
          target: [webhookMessages.endpointId, webhookMessages.eventType, webhookMessages.eventId],
        })
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.endpointId, values.endpointId),
            eq(webhookMessages.eventType, values.eventType),
            eq(webhookMessages.eventId, values.eventId),
          ),
        );
      return existing!;
    },

    async messageWithEndpoint(messageId: string) {
      const [row] = await db
        .select({ message: webhookMessages, endpoint: webhookEndpoints })
        .from(webhookMessages)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
        .where(eq(webhookMessages.id, messageId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Logs one attempt and, when it settles the message, its outcome; a repeated attempt number
     * (a job run twice) logs nothing more.
     */
    async recordAttempt(attempt: {
      messageId: string;
      endpointId: string;
      attempt: number;
      status: 'delivered' | 'failed';
      responseCode: number | null;
      error: string | null;
      durationMs: number;
      attemptedAt: Date;
      /** delivered, failed (last attempt) or null while retries remain. */
      settle: 'delivered' | 'failed' | null;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(webhookDeliveries)
          .values({
            messageId: attempt.messageId,
            endpointId: attempt.endpointId,
            attempt: attempt.attempt,
            status: attempt.status,
            responseCode: attempt.responseCode,
            error: attempt.error,
            durationMs: attempt.durationMs,
            attemptedAt: attempt.attemptedAt,
          })
          .onConflictDoNothing();
        if (attempt.settle) {
          await tx
            .update(webhookMessages)
            .set({ status: attempt.settle, completedAt: attempt.attemptedAt })
            .where(
              and(eq(webhookMessages.id, attempt.messageId), eq(webhookMessages.status, 'pending')),
            );
        }
        if (attempt.status === 'delivered') {
          await tx
            .update(webhookEndpoints)
            .set({ lastSuccessAt: attempt.attemptedAt })
            .where(eq(webhookEndpoints.id, attempt.endpointId));
        }
      });
    },

    /**
     * Disables an enabled endpoint with no success since `since`; true when this call did it.
     */
    async disableAfterFailures(endpointId: string, since: Date, at: Date) {
      const rows = await db
        .update(webhookEndpoints)
        .set({ status: 'disabled_after_failures', disabledAt: at, updatedAt: at })
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            eq(webhookEndpoints.status, 'enabled'),
            sql`(${webhookEndpoints.lastSuccessAt} is null or ${webhookEndpoints.lastSuccessAt} < ${since})`,
          ),
        )
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async markDisabledNotified(endpointId: string, at: Date) {
      await db
        .update(webhookEndpoints)
        .set({ disabledNotifiedAt: at })
        .where(eq(webhookEndpoints.id, endpointId));
    },

    async companyAdminEmails(companyId: string) {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.companyId, companyId), eq(roles.alias, 'company_admin')));
      return rows.map((r) => r.email);
    },

    /** What bot_result.completed carries beyond the event: the bot's name, tags, interaction. */
    async botResultDetails(resultId: string) {
      const [row] = await db
        .select({
          botName: bots.name,
          outputTags: botResults.outputTags,
          interactionType: interactions.type,
          interactionCustomerId: interactions.customerId,
        })
        .from(botResults)
        .innerJoin(bots, eq(bots.id, botResults.botId))
        .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
        .leftJoin(interactions, eq(interactions.id, botRuns.interactionId))
        .where(eq(botResults.id, resultId))
        .limit(1);
      return row ?? null;
    },
  };
}
