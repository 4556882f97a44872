import {
  nullableDollars,
  periodOf,
  periodRange,
  type CapacityStatus,
  type HoldReason,
} from '@fieldbot/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { periodUsage } from '../usage/index.js';
import {
  capacityAlertMail,
  holdReason,
  reachedSoftThresholds,
  resumeJobId,
  thresholdToMail,
} from './capacity-rules.js';
import { createCapacityRepo, type CapacityRepo } from './capacity.repo.js';

/** How long a "not on hold" verdict is reused per company (holds are never cached). */
export const HOLD_CACHE_MS = 3_000;

/** A paused item to queue again, with the job id of this pause (see resumeJobId). */
export interface ResumeItem {
  id: string;
  jobId: string;
}

/** Queues paused work again (jobs/capacity-check.ts implements it over pg-boss). */
export interface ResumeQueue {
  botResults(items: readonly ResumeItem[]): Promise<void>;
  transcriptions(items: readonly ResumeItem[]): Promise<void>;
}

export interface CapacityServiceDeps {
  db: Db;
  repo?: CapacityRepo;
  pricePerMinuteCents: number;
  /** The worker side (check): queues paused work again, sends the e-mails. */
  resume?: ResumeQueue;
  sendMail?(message: MailMessage): Promise<void>;
  /** Where the e-mails send admins to change the limits. */
  settingsUrl?: string;
  now?: () => Date;
  holdCacheMs?: number;
}

export interface CheckOutcome {
  hold: HoldReason | null;
  resumed: number;
  /** The threshold e-mailed in this pass, if any. */
  mailed: number | null;
}

export type CapacityService = ReturnType<typeof createCapacityService>;

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`capacity check needs ${name} (a worker process)`);
  return value;
}

export function createCapacityService(deps: CapacityServiceDeps) {
  const repo = deps.repo ?? createCapacityRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.holdCacheMs ?? HOLD_CACHE_MS;
  const notHeldUntil = new Map<string, number>();

  /** This month's limits and spend of a company, computed afresh. */
  async function measure(companyId: string) {
    const limits = await repo.companyLimits(companyId);
    if (!limits) return null;
    const period = periodOf(now(), limits.timeZone);
    const usage = await periodUsage(
      deps.db,
      companyId,
      periodRange(period, limits.timeZone),
      deps.pricePerMinuteCents,
    );
    return { limits, period, usage, hold: holdReason(limits, usage.totalCents) };
  }

  /** The hold afresh; the month's spend is summed only when a hard limit could be reached. */
  async function freshHold(companyId: string): Promise<HoldReason | null> {
    const limits = await repo.companyLimits(companyId);
    if (!limits) return null;
    if (limits.isPaymentDue) return 'payment_due';
    if (limits.hardCapacityCents === null) return null;
    const usage = await periodUsage(
      deps.db,
      companyId,
      periodRange(periodOf(now(), limits.timeZone), limits.timeZone),
      deps.pricePerMinuteCents,
    );
    return holdReason(limits, usage.totalCents);
  }

  async function mailThresholds(
    companyId: string,
    m: NonNullable<Awaited<ReturnType<typeof measure>>>,
  ) {
    const reached = reachedSoftThresholds(m.usage.totalCents, m.limits.softCapacityCents);
    const inserted = await repo.recordAlerts(companyId, m.period, reached);
    const threshold = thresholdToMail(inserted);
    if (threshold === null || m.limits.softCapacityCents === null) return null;
    const sendMail = required(deps.sendMail, 'sendMail');
    try {
      for (const to of await repo.adminEmails(companyId)) {
        await sendMail(
          capacityAlertMail({
            to,
            companyName: m.limits.name,
            threshold,
            period: m.period,
            spentCents: m.usage.totalCents,
            softCapacityCents: m.limits.softCapacityCents,
            hardCapacityCents: m.limits.hardCapacityCents,
            settingsUrl: deps.settingsUrl ?? '',
          }),
        );
      }
    } catch (error) {
      // Not queued: the next pass records and sends them again.
      await repo.forgetAlerts(companyId, m.period, inserted);
      throw error;
    }
    return threshold;
  }

  /**
   * Queues the company's paused work again. Each item's job is queued before its pause is
   * cleared, and the clear only matches the pause that was read: a crash in between leaves it
   * paused (the next pass queues the same job id, which pg-boss ignores), never lost.
   */
  async function resumeCompany(companyId: string): Promise<number> {
    const resume = required(deps.resume, 'resume');
    const results = await repo.pausedResults(companyId);
    const calls = await repo.pausedInteractions(companyId);
    if (results.length > 0) {
      await resume.botResults(
        results.map((r) => ({ id: r.id, jobId: resumeJobId('bot-run', r.id, r.attempts) })),
      );
      for (const r of results) await repo.clearResultPause(r.id, r.attempts);
    }
    if (calls.length > 0) {
      await resume.transcriptions(
        calls.map((c) => ({ id: c.id, jobId: resumeJobId('transcribe', c.id, c.updatedAt) })),
      );
      for (const c of calls) await repo.clearInteractionPause(c.id, c.updatedAt);
    }
    return results.length + calls.length;
  }

  return {
    /**
     * Why the company's new work must wait, or null. A "no hold" verdict is reused for a few
     * seconds (a burst of jobs costs one read); a hold is always read afresh, so work resumed
     * after a raise is not paused again by a stale answer.
     */
    async holdOf(companyId: string): Promise<HoldReason | null> {
      const until = notHeldUntil.get(companyId);
      if (until !== undefined && until > Date.now()) return null;
      const hold = await freshHold(companyId);
      if (hold === null && cacheMs > 0) notHeldUntil.set(companyId, Date.now() + cacheMs);
      else notHeldUntil.delete(companyId);
      return hold;
    },

    /** Drops the cached verdict (a limit or the payment state changed in this process). */
    forget(companyId: string) {
      notHeldUntil.delete(companyId);
    },

    /** GET /api/company/capacity: this month's limits, spend and hold. */
    async status(companyId: string | undefined): Promise<CapacityStatus> {
      const m = companyId ? await measure(companyId) : null;
      if (!companyId || !m) throw notFound();
      return {
        period: m.period,
        soft_capacity: nullableDollars(m.limits.softCapacityCents),
        hard_capacity: nullableDollars(m.limits.hardCapacityCents),
        spent_cents: m.usage.totalCents,
        minutes_cents: m.usage.minutesCents,
        bot_runs_cents: m.usage.botRunsCents,
        hold: m.hold,
        paused_items: await repo.pausedCount(companyId),
      };
    },

    /**
     * One company's check: soft-capacity e-mails for thresholds newly reached this month, then
     * its paused work queued again if the hold has lifted (or re-labelled if its reason changed).
     */
    async check(companyId: string): Promise<CheckOutcome> {
      notHeldUntil.delete(companyId);
      const m = await measure(companyId);
      if (!m) return { hold: null, resumed: 0, mailed: null };
      const mailed = await mailThresholds(companyId, m);
      if (m.hold) {
        await repo.relabelPaused(companyId, m.hold);
        return { hold: m.hold, resumed: 0, mailed };
      }
      return { hold: null, resumed: await resumeCompany(companyId), mailed };
    },

    /** The periodic pass: companies with paused work, and those with usage since `since`. */
    async companiesToCheck(since: Date): Promise<string[]> {
      const paused = await repo.companiesWithPausedWork();
      const recent = await repo.companiesWithRecentUsage(since);
      return [...new Set([...paused, ...recent])];
    },
  };
}
