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

/**
 * Rules engine: built-in phrase families a tag's rule can pick. Each stands for the many ways
 * people say one thing (and the near misses that do not count), maintained with the engine.
 */
export const RULE_FAMILIES = [
  'maintenance-plan',
  'booking-confirmed',
  'declined-deferred',
  'slot-offered',
  'work-approved',
  'concern-price',
  'concern-timing',
  'concern-trust',
  'concern-warranty',
  'concern-safety',
  'concern-mess',
  'concern-noise',
  'concern-reliability',
] as const;
export type RuleFamily = (typeof RULE_FAMILIES)[number];

/** What the builder shows for each family: a chip label and what it stands for. */
export const RULE_FAMILY_INFO: Record<RuleFamily, { label: string; description: string }> = {
  'maintenance-plan': {
    label: 'Maintenance plan offered',
    description:
      'A plan, agreement, membership, club, protection plan or service contract offered to the customer, also under a brand name ("Blue Ribbon membership"). Not: already a member, payment plans, financing.',
  },
  'booking-confirmed': {
    label: 'Booking confirmed',
    description:
      '"We\'ve locked in Thursday for you", "we\'ve got you down for Monday", "I\'ll pencil you in", "our guy can swing by after lunch". Not: "we\'re booked solid".',
  },
  'declined-deferred': {
    label: 'Declined or deferred',
    description:
      '"Let me get back to you", "we\'re getting other quotes", "I need to run it by my wife", "not interested".',
  },
  'slot-offered': {
    label: 'Slot offered',
    description:
      'A day, time or window offered: "I\'ve got Tuesday eight to noon", "how about Wednesday?".',
  },
  'work-approved': {
    label: 'Work approved',
    description: '"Go ahead", "let\'s do it", "sounds good, fix it".',
  },
  'concern-price': {
    label: 'Concern: price',
    description: 'Affordability: "I can\'t swing that right now", "is there a cheaper option?".',
  },
  'concern-timing': {
    label: 'Concern: timing',
    description:
      'Urgency or scheduling pressure: "we have guests coming Friday", "I work until six".',
  },
  'concern-trust': {
    label: 'Concern: trust',
    description:
      'Reputation, past bad service: "the last company overcharged us", "are you licensed?".',
  },
  'concern-warranty': {
    label: 'Concern: warranty',
    description: 'Guarantees and coverage: "is that covered?", "what if it breaks again?".',
  },
  'concern-safety': {
    label: 'Concern: safety',
    description: 'Gas smell, sparks, burning, carbon monoxide, kids or pets at risk.',
  },
  'concern-mess': {
    label: 'Concern: mess',
    description: 'Dirt, dust, damage to the home: "the last company left a mess".',
  },
  'concern-noise': {
    label: 'Concern: noise',
    description: 'Banging, rattling, screeching equipment or loud work.',
  },
  'concern-reliability': {
    label: 'Concern: reliability',
    description: 'Age or failure of equipment: "it died again", "it\'s twenty years old".',
  },
};

/** What an amount is charged per ("twenty-four ninety-nine a month"); null for a one-off price. */
export const AMOUNT_PERIODS = ['month', 'year', 'visit', 'hour'] as const;
export type AmountPeriod = (typeof AMOUNT_PERIODS)[number];

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
  /** Example sentences a tag should match, and as many that it should not. */
  ruleExamplesMax: 30,
  ruleExampleMax: 300,
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
