import {
  alertRecipients,
  alertSummary,
  CAPACITY_PATH,
  customerInteractionPath,
  customerPath,
  deliveryOf,
  dueDigest,
  evidenceOffset,
  interactionAtPath,
  periodOf,
  periodRange,
  resultMatchesRule,
  secondsAtOffset,
  type ResultFinding,
} from '@fieldbot/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { periodUsage } from '../usage/index.js';
import { alertMail, digestMail, type AlertMailLinks } from './alert-mail.js';
import type { AlertRow, AlertRuleRow, AlertsRepo, NewAlert } from './alerts.repo.js';

export interface AlertEngineDeps {
  db: Db;
  repo: AlertsRepo;
  /** Publishes alert.fired (jobs/alert-workers.ts maps the row to the event). */
  publish(alert: AlertRow, rule: AlertRuleRow): Promise<void>;
  /** Queues a mail; the same dedupe key is queued once (jobs/send-email.ts). */
  sendMail(message: MailMessage, options: { dedupeKey: string }): Promise<void>;
  links: AlertMailLinks;
  pricePerMinuteCents: number;
  logger?: Logger;
}

export type AlertEngine = ReturnType<typeof createAlertEngine>;

/** A finding a rule matched, before it becomes the (rule, finding) alert row. */
type Finding = Omit<NewAlert, 'ruleId' | 'companyId'> & {
  /** Technicians whose work it is: the only technicians who may receive it. */
  ownerIds: string[];
};

/**
 * Turns findings into alerts, notifications, e-mails and alert.fired, exactly once per
 * (rule, finding): the alert row is unique per rule and finding key, notifications per alert and
 * user, and the fan-out is finished (published_at set) last, so a redelivered event redoes only
 * what a crash left undone and an alert published already is left alone.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { repo } = deps;

  async function fire(rule: AlertRuleRow, finding: Finding) {
    const { ownerIds, ...values } = finding;
    const alert = await repo.upsertAlert({ ...values, ruleId: rule.id, companyId: rule.companyId });
    if (alert.publishedAt) return { alertId: alert.id, fresh: false };

    const members = await repo.members(rule.companyId);
    const recipients = alertRecipients(
      { recipient_roles: rule.recipientRoles, recipient_user_ids: rule.recipientUserIds },
      members,
      ownerIds,
    );
    const prefs = new Map(
      (await repo.preferencesOf(rule.id, recipients)).map((p) => [
        p.userId,
        { email: p.email, in_app: p.inApp },
      ]),
    );
    await repo.insertNotifications(
      alert,
      recipients.map((userId) => {
        const delivery = deliveryOf(rule.channel, prefs.get(userId));
        return { userId, inApp: delivery.inApp, emailMode: delivery.email };
      }),
    );
    for (const n of await repo.unsentImmediate(alert.id)) {
      await deps.sendMail(
        alertMail(deps.links, {
          to: n.email,
          userId: n.userId,
          ruleId: rule.id,
          ruleName: rule.name,
          summary: alert.summary,
          link: alert.link,
        }),
        { dedupeKey: `alert:${n.id}` },
      );
      await repo.markEmailed(n.id);
    }
    await deps.publish(alert, rule);
    await repo.markPublished(alert.id);
    return { alertId: alert.id, fresh: true };
  }

  return {
    fire,

    /**
     * bot_result.completed: tag rules of the result's bot. The finding is the result's target
     * (the interaction, or the customer of a job-completed run), not the result, so a bot re-run
     * on the same call never alerts twice.
     */
    async onResult(resultId: string) {
      const result = await repo.resultFinding(resultId);
      if (!result || result.status !== 'success') return [];
      const rules = (
        await repo.enabledRules(result.companyId, ['tag_found', 'tag_not_found'])
      ).filter((r) => r.botId === result.botId);
      if (rules.length === 0) return [];
      const run = result;
      const interaction = run?.interactionId
        ? await repo.interactionTarget(run.interactionId)
        : null;
      const job = !interaction && run?.jobId ? await repo.jobTarget(run.jobId) : null;
      const finding: ResultFinding = {
        bot_id: result.botId,
        bot_name: result.botName,
        interaction_id: interaction?.id ?? null,
        interaction_type: interaction?.type ?? null,
        output_tags: result.outputTags ?? [],
        response_tags: result.responseTags ?? [],
      };
      const fired: string[] = [];
      let segments: Awaited<ReturnType<AlertsRepo['segments']>> | undefined;
      for (const rule of rules) {
        const like = toRuleLike(rule);
        if (!resultMatchesRule(like, finding)) continue;
        let evidenceSeconds: number | null = null;
        let link: string | null = null;
        if (interaction) {
          const offset = evidenceOffset(like, finding);
          if (offset !== null) {
            segments ??= await repo.segments(interaction.id);
            evidenceSeconds = secondsAtOffset(segments, offset);
          }
          link =
            evidenceSeconds === null
              ? customerInteractionPath(interaction.customerId, interaction)
              : interactionAtPath(interaction.customerId, interaction, evidenceSeconds);
        } else if (run?.customerId) {
          link = customerPath(run.customerId);
        }
        const target = interaction
          ? `interaction:${interaction.id}`
          : `customer:${run?.jobId ?? run?.customerId ?? resultId}`;
        const outcome = await fire(rule, {
          findingKey: target,
          summary: alertSummary(like, { botName: result.botName }),
          interactionId: interaction?.id ?? null,
          botResultId: result.id,
          jobId: interaction?.jobId ?? job?.id ?? null,
          evidenceSeconds,
          link,
          ownerIds: [
            interaction?.recordedById,
            interaction?.jobTechnicianId,
            job?.technicianId,
          ].filter((id): id is string => Boolean(id)),
        });
        fired.push(outcome.alertId);
      }
      return fired;
    },

    /** job.completed: "completed without a recording" rules, once per job. */
    async onJobCompleted(event: { job_id: string; company_id: string }) {
      const rules = await repo.enabledRules(event.company_id, ['job_without_recording']);
      if (rules.length === 0) return [];
      const job = await repo.jobTarget(event.job_id);
      if (!job || job.recordings > 0) return [];
      const fired: string[] = [];
      for (const rule of rules) {
        const outcome = await fire(rule, {
          findingKey: `job:${job.id}`,
          summary: alertSummary(toRuleLike(rule), { jobNumber: job.number }),
          interactionId: null,
          botResultId: null,
          jobId: job.id,
          evidenceSeconds: null,
          link: customerPath(job.customerId),
          ownerIds: job.technicianId ? [job.technicianId] : [],
        });
        fired.push(outcome.alertId);
      }
      return fired;
    },

    /** Spend rules: once per rule and billing month (the company's timezone, as capacity counts). */
    async checkSpend(now: Date) {
      const fired: string[] = [];
      for (const companyId of await repo.companiesWithSpendRules()) {
        const rules = await repo.enabledRules(companyId, ['spend_threshold']);
        const timeZone = await repo.companyTimeZone(companyId);
        const period = periodOf(now, timeZone);
        const usage = await periodUsage(
          deps.db,
          companyId,
          periodRange(period, timeZone),
          deps.pricePerMinuteCents,
        );
        for (const rule of rules) {
          if (rule.spendCents === null || usage.totalCents < rule.spendCents) continue;
          const outcome = await fire(rule, {
            findingKey: `spend:${period}`,
            summary: alertSummary(toRuleLike(rule), { spentCents: usage.totalCents }),
            interactionId: null,
            botResultId: null,
            jobId: null,
            evidenceSeconds: null,
            link: CAPACITY_PATH,
            ownerIds: [],
          });
          fired.push(outcome.alertId);
        }
      }
      return fired;
    },

    /**
     * The 7:00 digests due at `now`: each company's latest 7:00 in its own timezone. A user's
     * digest of a local date is claimed once (alert_digests is unique per user and date) with the
     * alerts that arrived before that 7:00; its e-mail is queued under the digest's id and marked.
     */
    async sendDigests(now: Date) {
      let queued = 0;
      for (const companyId of await repo.companiesWithPendingDigests()) {
        const due = dueDigest(now, await repo.companyTimeZone(companyId));
        await repo.claimDigests(companyId, due.date, due.at);
        for (const digest of await repo.unqueuedDigests(companyId)) {
          const items = await repo.digestItems(digest.id);
          if (items.length > 0) {
            await deps.sendMail(
              digestMail(deps.links, {
                to: digest.email,
                userId: digest.userId,
                date: digest.localDate,
                items,
              }),
              { dedupeKey: `alert-digest:${digest.id}` },
            );
            queued += 1;
          }
          await repo.markDigestQueued(digest.id);
        }
      }
      return queued;
    },
  };
}

function toRuleLike(rule: AlertRuleRow) {
  return {
    condition: rule.condition,
    bot_id: rule.botId,
    tag_label: rule.tagLabel,
    interaction_type: rule.interactionType,
    spend_cents: rule.spendCents,
    recipient_roles: rule.recipientRoles,
    recipient_user_ids: rule.recipientUserIds,
    channel: rule.channel,
  };
}
