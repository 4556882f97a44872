import type { RoleAlias } from '../auth/roles';
import { ROLE } from '../auth/roles';
import type { OutputTag, ResponseTag } from '../bots/bot-result.schema';
import type { InteractionType } from '../interactions/interaction.schema';
import { formatUsd } from '../billing/money';
import type { AlertChannel, AlertCondition, AlertRecipientRole } from './alert.schema';

/** What of a rule the matching rules read. */
export interface AlertRuleLike {
  condition: AlertCondition;
  bot_id: string | null;
  tag_label: string | null;
  interaction_type: InteractionType | null;
  spend_cents: number | null;
  recipient_roles: readonly AlertRecipientRole[];
  recipient_user_ids: readonly string[];
  channel: AlertChannel;
}

/** A successful bot result on an interaction or a customer (the finding of tag rules). */
export interface ResultFinding {
  bot_id: string;
  bot_name: string;
  interaction_id: string | null;
  interaction_type: InteractionType | null;
  output_tags: readonly Pick<OutputTag, 'id' | 'label' | 'data'>[];
  response_tags: readonly Pick<ResponseTag, 'tag_id' | 'index_start'>[];
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a tag rule fires on a bot result. The tag is found when the result's output tag of that
 * label has data; "not found" also fires when the bot reported no such tag at all (a version
 * without it reads the same as one that found nothing). An interaction-type filter leaves out
 * customer results (job-completed bots), which have no interaction.
 */
export function resultMatchesRule(rule: AlertRuleLike, result: ResultFinding): boolean {
  if (rule.condition !== 'tag_found' && rule.condition !== 'tag_not_found') return false;
  if (!rule.bot_id || !rule.tag_label || rule.bot_id !== result.bot_id) return false;
  if (rule.interaction_type && rule.interaction_type !== result.interaction_type) return false;
  const tag = result.output_tags.find((t) => sameLabel(t.label, rule.tag_label!));
  const found = Boolean(tag && tag.data !== null && tag.data.trim() !== '');
  return rule.condition === 'tag_found' ? found : !found;
}

/** Transcript offset of the first quote supporting the found tag (where the player starts). */
export function evidenceOffset(rule: AlertRuleLike, result: ResultFinding): number | null {
  if (rule.condition !== 'tag_found' || !rule.tag_label) return null;
  const tag = result.output_tags.find((t) => sameLabel(t.label, rule.tag_label!));
  if (!tag) return null;
  const quotes = result.response_tags.filter((q) => q.tag_id === tag.id);
  if (quotes.length === 0) return null;
  return Math.min(...quotes.map((q) => q.index_start));
}

/** The one line a notification, an e-mail and the alert.fired event show. */
export function alertSummary(
  rule: Pick<AlertRuleLike, 'condition' | 'tag_label' | 'spend_cents'>,
  context: { botName?: string | null; jobNumber?: string | null; spentCents?: number },
): string {
  switch (rule.condition) {
    case 'tag_found':
      return `${context.botName ?? 'Bot'}: ${rule.tag_label}`;
    case 'tag_not_found':
      return `${context.botName ?? 'Bot'}: "${rule.tag_label}" not found`;
    case 'job_without_recording':
      return `Job ${context.jobNumber ?? ''} completed without a recording`.replace('  ', ' ');
    case 'spend_threshold':
      return `This month's spend ${formatUsd(context.spentCents ?? 0)} reached ${formatUsd(rule.spend_cents ?? 0)}`;
  }
}

/** A company member who may receive an alert. */
export interface AlertCandidate {
  id: string;
  role: RoleAlias;
}

/**
 * Who receives an alert: members named by role or by id. A field technician only ever receives
 * alerts about their own work (`ownerIds`: who recorded the interaction, the job's technician);
 * an alert with no such owner (the company's spend) never reaches a technician.
 */
export function alertRecipients(
  rule: Pick<AlertRuleLike, 'recipient_roles' | 'recipient_user_ids'>,
  members: readonly AlertCandidate[],
  ownerIds: readonly string[],
): string[] {
  return members
    .filter(
      (m) =>
        (rule.recipient_roles as readonly string[]).includes(m.role) ||
        rule.recipient_user_ids.includes(m.id),
    )
    .filter((m) => m.role !== ROLE.FIELD_TEAM || ownerIds.includes(m.id))
    .map((m) => m.id);
}

/** How a recipient hears of an alert, after their own preferences for the rule. */
export function deliveryOf(
  channel: AlertChannel,
  preference: { email: boolean; in_app: boolean } | undefined,
): { inApp: boolean; email: 'none' | 'immediate' | 'digest' } {
  const email = preference?.email ?? true;
  return {
    inApp: preference?.in_app ?? true,
    email: !email || channel === 'in_app' ? 'none' : channel === 'email' ? 'immediate' : 'digest',
  };
}
