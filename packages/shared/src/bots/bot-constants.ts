/** Enumerations and limits of bots (spec §3 "Bot", "Automation triggers", "Trigger events"; §9). */

/** Bot colours; the icon set has one per colour and theme. 'violet' is an old name of blue. */
export const BOT_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'lightblue',
  'blue',
  'purple',
] as const;
export type BotColor = (typeof BOT_COLORS)[number];

/** Any stored or sent colour name to one of the icon colours ('violet' and unknown names → blue). */
export function normaliseBotColor(color: string | null | undefined): BotColor {
  const c = (color ?? '').trim().toLowerCase();
  return (BOT_COLORS as readonly string[]).includes(c) ? (c as BotColor) : 'blue';
}

export const BOT_ICON_THEMES = ['light', 'dark'] as const;
export type BotIconTheme = (typeof BOT_ICON_THEMES)[number];
export const BOT_ICON_FORMATS = ['avif', 'webp', 'optimized-gif', 'original-gif'] as const;
export type BotIconFormat = (typeof BOT_ICON_FORMATS)[number];

export const BOT_TRIGGERS = ['call-complete', 'job-complete', 'recording-complete'] as const;
export type BotTrigger = (typeof BOT_TRIGGERS)[number];
export const BOT_TRIGGER_LABELS: Record<BotTrigger, string> = {
  'call-complete': 'Call Complete',
  'job-complete': 'Job Complete',
  'recording-complete': 'Recording Complete',
};

export const BOT_TRIGGER_EVENTS = [
  'equal-to-revenue',
  'greater-to-revenue',
  'call-unbooked',
  'call-booked',
  'every',
] as const;
export type BotTriggerEvent = (typeof BOT_TRIGGER_EVENTS)[number];
export const BOT_TRIGGER_EVENT_LABELS: Record<BotTriggerEvent, string> = {
  'equal-to-revenue': 'Revenue = $0',
  'greater-to-revenue': 'Revenue > $10,000',
  'call-unbooked': 'Call Unbooked',
  'call-booked': 'Call Booked',
  every: 'Every',
};

/** Which trigger events a builder may pair with each trigger. */
export const TRIGGER_EVENTS_BY_TRIGGER: Record<BotTrigger, readonly BotTriggerEvent[]> = {
  'call-complete': ['every', 'call-booked', 'call-unbooked'],
  'job-complete': ['every', 'equal-to-revenue', 'greater-to-revenue'],
  'recording-complete': ['every'],
};

/** The revenue threshold of 'greater-to-revenue', in cents (Revenue > $10,000). */
export const BOT_REVENUE_THRESHOLD_CENTS = 1_000_000;

export const BOT_ENGINES = ['llm', 'rules'] as const;
export type BotEngineKind = (typeof BOT_ENGINES)[number];

export const BOT_VISIBILITIES = ['marketplace', 'private'] as const;
export type BotVisibility = (typeof BOT_VISIBILITIES)[number];

export const BOT_STATUSES = ['draft', 'published', 'archived'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Run status of spec §3 "Bot result". */
export const BOT_RUN_STATUSES = ['running', 'completed', 'success', 'failed'] as const;
export type BotRunStatus = (typeof BOT_RUN_STATUSES)[number];
export const BOT_RUN_TYPES = ['manual', 'automatic'] as const;
export type BotRunType = (typeof BOT_RUN_TYPES)[number];

/** What a run targets: a customer's jobs (customer-level run) or one interaction. */
export const BOT_RUN_TARGETS = ['customer', 'field-recording', 'csr-call'] as const;
export type BotRunTarget = (typeof BOT_RUN_TARGETS)[number];

/** Rules engine: whose words a rule reads. */
export const RULE_SPEAKERS = ['agent', 'customer', 'anyone'] as const;
export type RuleSpeaker = (typeof RULE_SPEAKERS)[number];
/** Rules engine: typed values pulled from the matched sentences. */
export const RULE_EXTRACTORS = ['money', 'datetime', 'phone', 'yes-no'] as const;
export type RuleExtractor = (typeof RULE_EXTRACTORS)[number];

/** How a quoted span was found in the transcript (exact, after normalising, or fuzzy alignment). */
export const SPAN_MATCHES = ['exact', 'normalised', 'fuzzy'] as const;
export type SpanMatch = (typeof SPAN_MATCHES)[number];

export const FEEDBACK_VERDICTS = ['correct', 'wrong'] as const;
export type FeedbackVerdict = (typeof FEEDBACK_VERDICTS)[number];

export const BOT_LIMITS = {
  nameMax: 100,
  descriptionMax: 1500,
  promptMax: 10_000,
  outputTagsMax: 10,
  tagLabelMax: 100,
  tagDescriptionMax: 500,
  rulePhrasesMax: 50,
  rulePhraseMax: 200,
  changelogMax: 500,
  referenceFilesMax: 3,
  /** Pasted sample transcript for a test run. */
  sampleTranscriptMax: 100_000,
  botIdsPerRunMax: 20,
} as const;

/** Spec §8 texts of the bot-result section. */
export const BOT_TEXTS = {
  fetching:
    'Fetching Bots results, this might take a few minutes, if take longer try refreshing your page',
  noResult: 'No Bot Result Generated',
  noResponse: 'No response',
  selectBots: 'Select Bots',
} as const;

const ICON_EXTENSIONS: Record<BotIconFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  'optimized-gif': 'min.gif',
  'original-gif': 'gif',
};

/** Where the web app serves a bot icon (static assets under /bot-icons/). */
export const botIconPath = (color: BotColor, theme: BotIconTheme, format: BotIconFormat): string =>
  `/bot-icons/${color}-${theme}.${ICON_EXTENSIONS[format]}`;

/** The icon shown beside a bot: webp, in the light and the dark theme. */
export const botIcon = (color: string | null | undefined) => {
  const c = normaliseBotColor(color);
  return { light: botIconPath(c, 'light', 'webp'), dark: botIconPath(c, 'dark', 'webp') };
};
