import type { BotTrigger, BotTriggerEvent } from '@fieldbot/shared';
import { and, eq, exists, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interactions, transcriptSegments } from '../../db/schema/index.js';

/** What picks the interactions of a back-run: the company, the UTC day range and the bot. */
export interface BackRunScope {
  companyId: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  trigger: BotTrigger;
  triggerEvent: BotTriggerEvent;
}

/**
 * The SQL twin of botAppliesToInteraction (shared trigger-selection.ts): field recordings for
 * recording-complete bots, CSR calls of the event's call type for call-complete bots. Null for
 * job-complete bots, which run on customers and never on one interaction.
 */
export function triggerCondition(trigger: BotTrigger, event: BotTriggerEvent): SQL | null {
  if (trigger === 'recording-complete') return eq(interactions.type, 'field-recording');
  if (trigger !== 'call-complete') return null;
  const call = eq(interactions.type, 'csr-call');
  if (event === 'call-booked') return and(call, eq(interactions.callType, 'Booked'))!;
  if (event === 'call-unbooked') return and(call, eq(interactions.callType, 'Unbooked'))!;
  return event === 'every' ? call : null;
}

/** Start of a UTC day, and of the day after `to`, so the range reads [from, to + 1 day). */
export const dayStart = (date: string, plusDays = 0): Date =>
  new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000);

/**
 * Completed interactions of the company that started within the range, fit the bot's trigger and
 * have a transcript to analyse (text, or segments). Null when the bot cannot run on interactions.
 */
export function eligibleInteractions(db: Db, scope: BackRunScope): SQL | null {
  const fits = triggerCondition(scope.trigger, scope.triggerEvent);
  if (!fits) return null;
  return and(
    eq(interactions.companyId, scope.companyId),
    eq(interactions.status, 'completed'),
    gte(interactions.startedAt, dayStart(scope.from)),
    lt(interactions.startedAt, dayStart(scope.to, 1)),
    fits,
    sql`(${ne(sql`btrim(coalesce(${interactions.transcriptText}, ''))`, '')} or ${exists(
      db
        .select({ one: sql`1` })
        .from(transcriptSegments)
        .where(eq(transcriptSegments.interactionId, interactions.id)),
    )})`,
  )!;
}
