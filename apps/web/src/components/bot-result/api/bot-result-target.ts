import type { BotRunRequest, CallType, InteractionType } from '@fieldbot/shared';

/** What a Bot Result section shows and runs bots on: a customer's jobs or one interaction. */
export type BotResultTarget =
  | { kind: 'customer'; id: string }
  | { kind: 'interaction'; id: string; type: InteractionType; callType: CallType | null };

export const botResultQueryKey = (target: BotResultTarget) =>
  target.kind === 'customer'
    ? (['bot-result', 'customer', target.id] as const)
    : (['bot-result', 'interaction', target.id, target.type] as const);

/** Spec §5 "Run Bots": bot_ids, the target's id, and 'customer' or the interaction type. */
export const botRunRequest = (target: BotResultTarget, botIds: string[]): BotRunRequest => ({
  bot_ids: botIds,
  id: target.id,
  type: target.kind === 'customer' ? 'customer' : target.type,
});
