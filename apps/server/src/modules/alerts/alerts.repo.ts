import {
  ALERT_RECIPIENT_ROLES,
  type AlertRecipientRole,
  type AlertRuleInput,
  type NotificationsQuery,
  PAGE_SIZE,
} from '@fieldbot/shared';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  alertDigests,
  alertNotifications,
  alertPreferences,
  alertRules,
  alerts,
  botResults,
  botRuns,
  bots,
  interactions,
  jobs,
  roles,
  transcriptSegments,
  users,
} from '../../db/schema/index.js';
import { parsedJson, rowsOf } from '../../db/raw-rows.js';
import { createCapacityRepo } from '../capacity/index.js';

export type AlertsRepo = ReturnType<typeof createAlertsRepo>;
export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;

/** What a new alert row holds; the finding key makes it unique per rule. */
export interface NewAlert {
  ruleId: string;
  companyId: string;
  findingKey: string;
  summary: string;
  interactionId: string | null;
  botResultId: string | null;
  jobId: string | null;
  evidenceSeconds: number | null;
  link: string | null;
}

export interface NewNotification {
  userId: string;
  inApp: boolean;
  emailMode: 'none' | 'immediate' | 'digest';
}

export function createAlertsRepo(db: Db) {
  const capacity = createCapacityRepo(db);
  return {
    // ---- rules ----
    async rules(companyId: string) {
      return db
        .select({ rule: alertRules, botName: bots.name })
        .from(alertRules)
        .leftJoin(bots, eq(bots.id, alertRules.botId))
        .where(eq(alertRules.companyId, companyId))
        .orderBy(desc(alertRules.createdAt), desc(alertRules.id));
    },

    async rule(companyId: string, id: string) {
      const [row] = await db
        .select({ rule: alertRules, botName: bots.name })
        .from(alertRules)
        .leftJoin(bots, eq(bots.id, alertRules.botId))
        .where(and(eq(alertRules.companyId, companyId), eq(alertRules.id, id)));
      return row ?? null;
    },

    async ruleCount(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alertRules)
        .where(eq(alertRules.companyId, companyId));
      return Number(row?.n ?? 0);
    },

    async insertRule(companyId: string, createdById: string, input: AlertRuleInput) {
      const [row] = await db
        .insert(alertRules)
        .values({ companyId, createdById, ...ruleValues(input) })
        .returning({ id: alertRules.id });
      return row!.id;
    },

    async updateRule(companyId: string, id: string, input: AlertRuleInput): Promise<boolean> {
      const rows = await db
        .update(alertRules)
        .set({ ...ruleValues(input), updatedAt: new Date() })
        .where(and(eq(alertRules.companyId, companyId), eq(alertRules.id, id)))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    async deleteRule(companyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(alertRules)
        .where(and(eq(alertRules.companyId, companyId), eq(alertRules.id, id)))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },

    /** The company's bots (subscribed, with their pinned version's output tags). */
    async companyBots(companyId: string) {
      const rows = await db.execute<{ id: string; name: string; tags: unknown }>(sql`
        select b.id, b.name, (
          select coalesce(json_agg(t->>'label' order by (t->>'index')::int), '[]'::json)
          from jsonb_array_elements(v.output_tags) t) as tags
        from company_bots cb
        join bots b on b.id = cb.bot_id
        join bot_versions v on v.id = cb.version_id
        where cb.company_id = ${companyId}
        order by b.name, b.id`);
      return rowsOf<{ id: string; name: string; tags: unknown }>(rows).map((r) => ({
        id: r.id,
        name: r.name,
        tags: parsedJson(r.tags as string[] | string),
      }));
    },

    /** Company members who may receive alerts (company roles only). */
    async members(
      companyId: string,
    ): Promise<{ id: string; name: string; email: string; role: AlertRecipientRole }[]> {
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email, role: roles.alias })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(eq(users.companyId, companyId), inArray(roles.alias, [...ALERT_RECIPIENT_ROLES])),
        )
        .orderBy(asc(users.name), asc(users.id));
      return rows as { id: string; name: string; email: string; role: AlertRecipientRole }[];
    },

    /** The company's timezone, as billing months and capacity count it (their default too). */
    async companyTimeZone(companyId: string): Promise<string> {
      const limits = await capacity.companyLimits(companyId);
      return limits?.timeZone ?? 'UTC';
    },

    // ---- findings ----
    async enabledRules(companyId: string, conditions: AlertRuleRow['condition'][]) {
      return db
        .select()
        .from(alertRules)
        .where(
          and(
            eq(alertRules.companyId, companyId),
            eq(alertRules.enabled, true),
            inArray(alertRules.condition, conditions),
          ),
        );
    },

    async companiesWithSpendRules(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: alertRules.companyId })
        .from(alertRules)
        .where(and(eq(alertRules.enabled, true), eq(alertRules.condition, 'spend_threshold')));
      return rows.map((r) => r.id);
    },

    /** A successful result with its target: the interaction (and its job) or the job. */
    async resultFinding(resultId: string) {
      const [row] = await db
        .select({
          id: botResults.id,
          companyId: botResults.companyId,
          status: botResults.status,
          botId: botResults.botId,
          botName: bots.name,
          outputTags: botResults.outputTags,
          responseTags: botResults.responseTags,
          interactionId: botRuns.interactionId,
          customerId: botRuns.customerId,
          jobId: botRuns.jobId,
        })
        .from(botResults)
        .innerJoin(bots, eq(bots.id, botResults.botId))
        .innerJoin(botRuns, eq(botRuns.id, botResults.runId))
        .where(eq(botResults.id, resultId));
      return row ?? null;
    },

    async interactionTarget(interactionId: string) {
      const [row] = await db
        .select({
          id: interactions.id,
          type: interactions.type,
          customerId: interactions.customerId,
          jobId: interactions.jobId,
          recordedById: interactions.recordedById,
          jobTechnicianId: jobs.technicianId,
        })
        .from(interactions)
        .leftJoin(jobs, eq(jobs.id, interactions.jobId))
        .where(eq(interactions.id, interactionId));
      return row ?? null;
    },

    async jobTarget(jobId: string) {
      const [row] = await db
        .select({
          id: jobs.id,
          number: jobs.jobNumber,
          customerId: jobs.customerId,
          technicianId: jobs.technicianId,
          recordings: sql<number>`(select count(*)::int from ${interactions}
            where ${interactions.jobId} = ${jobs.id} and ${interactions.type} = 'field-recording')`,
        })
        .from(jobs)
        .where(eq(jobs.id, jobId));
      return row ? { ...row, recordings: Number(row.recordings) } : null;
    },

    async segments(interactionId: string) {
      const rows = await db
        .select({
          start: transcriptSegments.startSeconds,
          end: transcriptSegments.endSeconds,
          speaker: transcriptSegments.speaker,
          text: transcriptSegments.text,
        })
        .from(transcriptSegments)
        .where(eq(transcriptSegments.interactionId, interactionId))
        .orderBy(asc(transcriptSegments.position));
      return rows;
    },

    // ---- alerts and notifications ----
    /** The alert of (rule, finding): inserted now or found from an earlier delivery. */
    async upsertAlert(alert: NewAlert): Promise<AlertRow> {
      await db.insert(alerts).values(alert).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.ruleId, alert.ruleId), eq(alerts.findingKey, alert.findingKey)));
      return row!;
    },

    async preferencesOf(ruleId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(alertPreferences)
        .where(and(eq(alertPreferences.ruleId, ruleId), inArray(alertPreferences.userId, userIds)));
    },

    async insertNotifications(alert: AlertRow, rows: NewNotification[]) {
      if (rows.length === 0) return;
      await db
        .insert(alertNotifications)
        .values(rows.map((r) => ({ ...r, alertId: alert.id, companyId: alert.companyId })))
        .onConflictDoNothing();
    },

    /** Immediate e-mails of an alert not yet queued, with the recipient's address. */
    async unsentImmediate(alertId: string) {
      return db
        .select({ id: alertNotifications.id, userId: users.id, email: users.email })
        .from(alertNotifications)
        .innerJoin(users, eq(users.id, alertNotifications.userId))
        .where(
          and(
            eq(alertNotifications.alertId, alertId),
            eq(alertNotifications.emailMode, 'immediate'),
            isNull(alertNotifications.emailedAt),
          ),
        );
    },

    async markEmailed(notificationId: string) {
      await db
        .update(alertNotifications)
        .set({ emailedAt: new Date() })
        .where(eq(alertNotifications.id, notificationId));
    },

    async markPublished(alertId: string) {
      await db.update(alerts).set({ publishedAt: new Date() }).where(eq(alerts.id, alertId));
    },

    // ---- digests ----
    async companiesWithPendingDigests(): Promise<string[]> {
      const pending = await db
        .selectDistinct({ id: alertNotifications.companyId })
        .from(alertNotifications)
        .where(
          and(eq(alertNotifications.emailMode, 'digest'), isNull(alertNotifications.digestId)),
        );
      const unqueued = await db
        .selectDistinct({ id: alertDigests.companyId })
        .from(alertDigests)
        .where(isNull(alertDigests.queuedAt));
      return [...new Set([...pending, ...unqueued].map((r) => r.id))];
    },

    /**
     * Claims each user's digest of `date` (unique per user and date) and attaches their pending
     * digest notifications from before `before`, in one transaction: a second worker or tick finds
     * the date claimed and attaches nothing.
     */
    async claimDigests(companyId: string, date: string, before: Date) {
      const users_ = await db
        .selectDistinct({ userId: alertNotifications.userId })
        .from(alertNotifications)
        .where(
          and(
            eq(alertNotifications.companyId, companyId),
            eq(alertNotifications.emailMode, 'digest'),
            isNull(alertNotifications.digestId),
            lt(alertNotifications.createdAt, before),
          ),
        );
      for (const { userId } of users_) {
        await db.transaction(async (tx) => {
          const [digest] = await tx
            .insert(alertDigests)
            .values({ userId, companyId, localDate: date })
            .onConflictDoNothing()
            .returning({ id: alertDigests.id });
          if (!digest) return;
          await tx
            .update(alertNotifications)
            .set({ digestId: digest.id })
            .where(
              and(
                eq(alertNotifications.userId, userId),
                eq(alertNotifications.companyId, companyId),
                eq(alertNotifications.emailMode, 'digest'),
                isNull(alertNotifications.digestId),
                lt(alertNotifications.createdAt, before),
              ),
            );
        });
      }
    },

    async unqueuedDigests(companyId: string) {
      return db
        .select({
          id: alertDigests.id,
          localDate: alertDigests.localDate,
          userId: users.id,
          email: users.email,
        })
        .from(alertDigests)
        .innerJoin(users, eq(users.id, alertDigests.userId))
        .where(and(eq(alertDigests.companyId, companyId), isNull(alertDigests.queuedAt)));
    },

    async digestItems(digestId: string) {
      return db
        .select({
          summary: alerts.summary,
          link: alerts.link,
          ruleId: alertRules.id,
          ruleName: alertRules.name,
          createdAt: alertNotifications.createdAt,
        })
        .from(alertNotifications)
        .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
        .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
        .where(eq(alertNotifications.digestId, digestId))
        .orderBy(asc(alertNotifications.createdAt));
    },

    async markDigestQueued(digestId: string) {
      await db
        .update(alertDigests)
        .set({ queuedAt: new Date() })
        .where(eq(alertDigests.id, digestId));
    },

    // ---- the reader's side ----
    async notifications(userId: string, companyId: string, query: NotificationsQuery) {
      const mine = and(
        eq(alertNotifications.userId, userId),
        eq(alertNotifications.companyId, companyId),
        eq(alertNotifications.inApp, true),
      );
      const order =
        query.order === 'unread_first'
          ? [
              sql`${alertNotifications.readAt} is not null`,
              desc(alertNotifications.createdAt),
              desc(alertNotifications.id),
            ]
          : [desc(alertNotifications.createdAt), desc(alertNotifications.id)];
      const items = await db
        .select({
          id: alertNotifications.id,
          ruleName: alertRules.name,
          condition: alertRules.condition,
          summary: alerts.summary,
          link: alerts.link,
          createdAt: alertNotifications.createdAt,
          readAt: alertNotifications.readAt,
        })
        .from(alertNotifications)
        .innerJoin(alerts, eq(alerts.id, alertNotifications.alertId))
        .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
        .where(mine)
        .orderBy(...order)
        .limit(PAGE_SIZE)
        .offset((query.page - 1) * PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(alertNotifications).where(mine);
      return { items, count: Number(total?.n ?? 0) };
    },

    async unreadCount(userId: string, companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alertNotifications)
        .where(
          and(
            eq(alertNotifications.userId, userId),
            eq(alertNotifications.companyId, companyId),
            eq(alertNotifications.inApp, true),
            isNull(alertNotifications.readAt),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async markRead(userId: string, companyId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: alertNotifications.id, readAt: alertNotifications.readAt })
        .from(alertNotifications)
        .where(
          and(
            eq(alertNotifications.id, id),
            eq(alertNotifications.userId, userId),
            eq(alertNotifications.companyId, companyId),
            eq(alertNotifications.inApp, true),
          ),
        );
      if (!row) return false;
      if (!row.readAt) {
        await db
          .update(alertNotifications)
          .set({ readAt: new Date() })
          .where(eq(alertNotifications.id, id));
      }
      return true;
    },

    async markAllRead(userId: string, companyId: string) {
      await db
        .update(alertNotifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(alertNotifications.userId, userId),
            eq(alertNotifications.companyId, companyId),
            isNull(alertNotifications.readAt),
          ),
        );
    },

    // ---- preferences ----
    /** Rules of the company naming the user's role or the user, with the user's choice. */
    async preferenceRows(companyId: string) {
      return db
        .select({ rule: alertRules })
        .from(alertRules)
        .where(eq(alertRules.companyId, companyId))
        .orderBy(asc(alertRules.name), asc(alertRules.id));
    },

    async userPreferences(userId: string) {
      return db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
    },

    async savePreference(userId: string, ruleId: string, email: boolean, inApp: boolean) {
      await db
        .insert(alertPreferences)
        .values({ userId, ruleId, email, inApp })
        .onConflictDoUpdate({
          target: [alertPreferences.userId, alertPreferences.ruleId],
          set: { email, inApp, updatedAt: new Date() },
        });
    },

    /** Unsubscribe: e-mail off for the rule, the in-app choice kept. */
    async muteEmail(userId: string, ruleId: string) {
      await db
        .insert(alertPreferences)
        .values({ userId, ruleId, email: false, inApp: true })
        .onConflictDoUpdate({
          target: [alertPreferences.userId, alertPreferences.ruleId],
          set: { email: false, updatedAt: new Date() },
        });
      // Mails not yet sent for this rule (digest items) stop too.
      await db
        .update(alertNotifications)
        .set({ emailMode: 'none' })
        .where(
          and(
            eq(alertNotifications.userId, userId),
            eq(alertNotifications.emailMode, 'digest'),
            isNull(alertNotifications.digestId),
            inArray(
              alertNotifications.alertId,
              db.select({ id: alerts.id }).from(alerts).where(eq(alerts.ruleId, ruleId)),
            ),
          ),
        );
    },

    async userWithRule(userId: string, ruleId: string) {
      const [row] = await db
        .select({ email: users.email, companyId: users.companyId, ruleName: alertRules.name })
        .from(users)
        .innerJoin(alertRules, eq(alertRules.id, ruleId))
        .where(and(eq(users.id, userId), eq(alertRules.companyId, users.companyId)));
      return row ?? null;
    },
  };
}

function ruleValues(input: AlertRuleInput) {
  return {
    name: input.name,
    condition: input.condition,
    botId: input.bot_id,
    tagLabel: input.tag_label,
    interactionType: input.interaction_type,
    spendCents: input.spend_cents,
    recipientRoles: input.recipient_roles,
    recipientUserIds: input.recipient_user_ids,
    channel: input.channel,
    enabled: input.enabled,
  };
}
