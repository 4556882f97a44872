import type { CallType, InteractionType } from '../interactions/interaction.schema';
import {
  BOT_REVENUE_THRESHOLD_CENTS,
  type BotTrigger,
  type BotTriggerEvent,
} from './bot-constants';

/** Spec §5 "Run Bots": which bots apply to which interaction, job or event. */

export interface TriggeredBot {
  trigger: BotTrigger;
  trigger_event: BotTriggerEvent;
}

export interface InteractionTarget {
  type: InteractionType;
  call_type: CallType | null;
}

/**
 * A bot is selectable for an interaction (manual run) and fires on its completion (automation):
 * csr-call — call-complete with every, call-booked for Booked calls, call-unbooked for Unbooked
 * calls; field-recording — recording-complete.
 */
export function botAppliesToInteraction(bot: TriggeredBot, target: InteractionTarget): boolean {
  if (target.type === 'field-recording') return bot.trigger === 'recording-complete';
  if (bot.trigger !== 'call-complete') return false;
  if (bot.trigger_event === 'every') return true;
  if (bot.trigger_event === 'call-booked') return target.call_type === 'Booked';
  if (bot.trigger_event === 'call-unbooked') return target.call_type === 'Unbooked';
  return false;
}

/** The customer-level manual run offers only job-complete bots. */
export const botAppliesToCustomer = (bot: TriggeredBot): boolean => bot.trigger === 'job-complete';

/**
 * A job-complete bot fires on a completed job: every, Revenue = $0 (no revenue counts as $0) or
 * Revenue > $10,000. Revenue is in integer cents.
 */
export function botFiresOnJobCompleted(bot: TriggeredBot, revenueCents: number | null): boolean {
  if (bot.trigger !== 'job-complete') return false;
  const revenue = revenueCents ?? 0;
  if (bot.trigger_event === 'every') return true;
  if (bot.trigger_event === 'equal-to-revenue') return revenue === 0;
  if (bot.trigger_event === 'greater-to-revenue') return revenue > BOT_REVENUE_THRESHOLD_CENTS;
  return false;
}

export const selectBotsForInteraction = <T extends TriggeredBot>(
  bots: readonly T[],
  target: InteractionTarget,
): T[] => bots.filter((bot) => botAppliesToInteraction(bot, target));

export const selectBotsForCustomer = <T extends TriggeredBot>(bots: readonly T[]): T[] =>
  bots.filter(botAppliesToCustomer);

export const selectBotsForJobCompleted = <T extends TriggeredBot>(
  bots: readonly T[],
  revenueCents: number | null,
): T[] => bots.filter((bot) => botFiresOnJobCompleted(bot, revenueCents));
