import { ROLE, type HoldReason } from '@fieldbot/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  botResults,
  botUsage,
  capacityAlerts,
  companies,
  interactions,
  roles,
  timezones,
  usageRecords,
  users,
} from '../../db/schema/index.js';

export type CapacityRepo = ReturnType<typeof createCapacityRepo>;

/** Billing months are counted in this zone when the company has none. */
export const DEFAULT_TIMEZONE = 'America/New_York';

/** Resumed per company and pass; the next pass takes the rest. */
export const RESUME_BATCH = 500;

export function createCapacityRepo(db: Db) {
  return {
    /** The hold's inputs in one primary-key read (with the timezone's IANA name). */
    async companyLimits(companyId: string) {
      const [row] = await db
        .select({
          name: companies.name,
          softCapacityCents: companies.softCapacityCents,
          hardCapacityCents: companies.hardCapacityCents,
          isPaymentDue: companies.isPaymentDue,
          timeZone: timezones.iana,
        })
        .from(companies)
        .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ? { ...row, timeZone: row.timeZone ?? DEFAULT_TIMEZONE } : null;
    },

    /** Paused bot results and interactions of a company (partial indexes on paused_reason). */
    async pausedCount(companyId: string): Promise<number> {
      const [results] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(botResults)
        .where(
          and(
            eq(botResults.companyId, companyId),
            isNotNull(botResults.pausedReason),
            eq(botResults.status, 'running'),
          ),
        );
      const [calls] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(interactions)
        .where(and(eq(interactions.companyId, companyId), isNotNull(interactions.pausedReason)));
      return Number(results?.n ?? 0) + Number(calls?.n ?? 0);
    },

    /** Companies with anything paused (both partial indexes hold only paused rows). */
    async companiesWithPausedWork(): Promise<string[]> {
      const results = await db
        .selectDistinct({ id: botResults.companyId })
        .from(botResults)
        .where(isNotNull(botResults.pausedReason));
      const calls = await db
        .selectDistinct({ id: interactions.companyId })
        .from(interactions)
        .where(isNotNull(interactions.pausedReason));
      return [...new Set([...results, ...calls].map((r) => r.id))];
    },

    /**
     * Companies with a soft limit and usage metered since `since`: the ones whose thresholds may
     * have moved. Each probe is one (company_id, recorded_at) index lookup.
     */
    async companiesWithRecentUsage(since: Date): Promise<string[]> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            isNotNull(companies.softCapacityCents),
            sql`(exists (select 1 from ${usageRecords} where ${usageRecords.companyId} = ${companies.id} and ${usageRecords.recordedAt} >= ${since})
              or exists (select 1 from ${botUsage} where ${botUsage.companyId} = ${companies.id} and ${botUsage.recordedAt} >= ${since}))`,
          ),
        );
      return rows.map((r) => r.id);
    },

    async pausedResults(companyId: string) {
      return db
        .select({ id: botResults.id, attempts: botResults.attempts })
        .from(botResults)
        .where(
          and(
            eq(botResults.companyId, companyId),
            isNotNull(botResults.pausedReason),
            eq(botResults.status, 'running'),
          ),
        )
        .limit(RESUME_BATCH);
    },

    /** updated_at as PostgreSQL's text: microseconds, which a JS Date would lose. */
    async pausedInteractions(companyId: string) {
      return db
        .select({ id: interactions.id, updatedAt: sql<string>`${interactions.updatedAt}::text` })
        .from(interactions)
        .where(and(eq(interactions.companyId, companyId), isNotNull(interactions.pausedReason)))
        .limit(RESUME_BATCH);
    },

    /**
     * Un-pauses the result if it is still the pause that was read (same attempt count): a job
     * that ran and paused it again meanwhile counted an attempt, so that newer pause stays.
     */
    async clearResultPause(resultId: string, attempts: number) {
      await db
        .update(botResults)
        .set({ pausedReason: null })
        .where(
          and(
            eq(botResults.id, resultId),
            isNotNull(botResults.pausedReason),
            eq(botResults.attempts, attempts),
          ),
        );
    },

    /** Same for an interaction, keyed by the updated_at its pause wrote; back to in-progress. */
    async clearInteractionPause(interactionId: string, updatedAt: string) {
      await db
        .update(interactions)
        .set({
          pausedReason: null,
          status: sql`case when ${interactions.status} = 'paused' then 'in-progress' else ${interactions.status} end`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(interactions.id, interactionId),
            isNotNull(interactions.pausedReason),
            sql`${interactions.updatedAt} = ${updatedAt}::timestamptz`,
          ),
        );
    },

    /** Re-labels paused work with the current reason (payment paid but hard reached, …). */
    async relabelPaused(companyId: string, reason: HoldReason) {
      await db
        .update(botResults)
        .set({ pausedReason: reason })
        .where(
          and(
            eq(botResults.companyId, companyId),
            isNotNull(botResults.pausedReason),
            sql`${botResults.pausedReason} <> ${reason}`,
          ),
        );
      await db
        .update(interactions)
        .set({ pausedReason: reason })
        .where(
          and(
            eq(interactions.companyId, companyId),
            isNotNull(interactions.pausedReason),
            sql`${interactions.pausedReason} <> ${reason}`,
          ),
        );
    },

    /** Records a threshold as mailed; only the first insert per company, month and threshold wins. */
    async recordAlerts(companyId: string, period: string, thresholds: number[]) {
      if (thresholds.length === 0) return [];
      const rows = await db
        .insert(capacityAlerts)
        .values(thresholds.map((threshold) => ({ companyId, period, threshold })))
        .onConflictDoNothing()
        .returning({ threshold: capacityAlerts.threshold });
      return rows.map((r) => r.threshold);
    },

    /** Takes back alert rows whose e-mail could not be queued, so the next pass tries again. */
    async forgetAlerts(companyId: string, period: string, thresholds: number[]) {
      if (thresholds.length === 0) return;
      await db
        .delete(capacityAlerts)
        .where(
          and(
            eq(capacityAlerts.companyId, companyId),
            eq(capacityAlerts.period, period),
            inArray(capacityAlerts.threshold, thresholds),
          ),
        );
    },

    async adminEmails(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.companyId, companyId), eq(roles.alias, ROLE.COMPANY_ADMIN)));
      return rows.map((r) => r.email);
    },
  };
}
