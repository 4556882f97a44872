import {
  BOT_TRIGGER_EVENT_LABELS,
  BOT_TRIGGER_LABELS,
  BOT_TRIGGERS,
  type BotTrigger,
  type BotTriggerEvent,
  type MarketplaceSortField,
} from '@fieldbot/shared';

export const TRIGGER_OPTIONS = BOT_TRIGGERS.map((value) => ({
  value,
  label: BOT_TRIGGER_LABELS[value],
}));

export const SORT_LABELS: Record<MarketplaceSortField, string> = {
  popular: 'Most popular',
  rating: 'Highest rated',
  name: 'Name',
  price: 'Lowest price',
  newest: 'Newest',
};

export const SORT_OPTIONS = (Object.keys(SORT_LABELS) as MarketplaceSortField[]).map((value) => ({
  value,
  label: SORT_LABELS[value],
}));

/** "Runs when: Call Complete · Call Booked" (spec §3 labels). */
export function triggerWords(trigger: BotTrigger, event: BotTriggerEvent): string {
  return `${BOT_TRIGGER_LABELS[trigger]} · ${BOT_TRIGGER_EVENT_LABELS[event]}`;
}

/** "1 company" / "12 companies". */
export function companiesUsing(count: number): string {
  return `Used by ${count} ${count === 1 ? 'company' : 'companies'}`;
}
