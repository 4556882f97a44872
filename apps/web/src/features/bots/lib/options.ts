import {
  BOT_COLORS,
  BOT_STATUSES,
  BOT_TRIGGER_EVENT_LABELS,
  BOT_TRIGGER_LABELS,
  BOT_TRIGGERS,
  RULE_EXTRACTORS,
  RULE_SPEAKERS,
  TRIGGER_EVENTS_BY_TRIGGER,
  type BotColor,
  type BotEngineKind,
  type BotStatus,
  type BotTrigger,
  type BotVisibility,
  type RuleExtractor,
  type RuleSpeaker,
} from '@fieldbot/shared';
import type { MantineColor } from '@mantine/core';

export const BOT_STATUS_BADGES: Record<BotStatus, { label: string; color: MantineColor }> = {
  draft: { label: 'Draft', color: 'gray' },
  published: { label: 'Published', color: 'green' },
  archived: { label: 'Archived', color: 'red' },
};

export const BOT_STATUS_OPTIONS = BOT_STATUSES.map((value) => ({
  value,
  label: BOT_STATUS_BADGES[value].label,
}));

export const BOT_TRIGGER_OPTIONS = BOT_TRIGGERS.map((value) => ({
  value,
  label: BOT_TRIGGER_LABELS[value],
}));

/** Only the events the trigger can pair with (spec §3 "Trigger events"). */
export const triggerEventOptions = (trigger: BotTrigger) =>
  TRIGGER_EVENTS_BY_TRIGGER[trigger].map((value) => ({
    value,
    label: BOT_TRIGGER_EVENT_LABELS[value],
  }));

export const BOT_ENGINE_LABELS: Record<BotEngineKind, string> = {
  rules: 'Rules',
  llm: 'LLM',
};

export const BOT_VISIBILITY_LABELS: Record<BotVisibility, string> = {
  marketplace: 'Marketplace',
  private: 'Private',
};

export const BOT_COLOR_LABELS: Record<BotColor, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  lightblue: 'Light blue',
  blue: 'Blue',
  purple: 'Purple',
};

export const BOT_COLOR_ORDER = BOT_COLORS;

export const RULE_SPEAKER_OPTIONS: { value: RuleSpeaker; label: string }[] = RULE_SPEAKERS.map(
  (value) => ({
    value,
    label: { agent: 'Technician / agent', customer: 'Customer', anyone: 'Anyone' }[value],
  }),
);

export const RULE_EXTRACTOR_OPTIONS: { value: RuleExtractor; label: string }[] =
  RULE_EXTRACTORS.map((value) => ({
    value,
    label: {
      money: 'Money amounts',
      datetime: 'Dates and times',
      phone: 'Phone numbers',
      'yes-no': 'Yes/no questions',
    }[value],
  }));
