import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import {
  choice,
  keywordSchema,
  pageSchema,
  transcriptSegmentSchema,
} from '../interactions/interaction.schema';
import {
  BOT_COLORS,
  BOT_ENGINES,
  BOT_LIMITS,
  BOT_STATUSES,
  BOT_TRIGGER_EVENTS,
  BOT_TRIGGERS,
  BOT_VISIBILITIES,
  RULE_EXTRACTORS,
  RULE_FAMILIES,
  RULE_SPEAKERS,
  TRIGGER_EVENTS_BY_TRIGGER,
} from './bot-constants';
import { sharedMissSchema, tagAccuracySchema } from './bot-marks.schema';
import { botResultItemSchema } from './bot-result.schema';

/** Publisher side of bots: the builder's input, bot views, versions, test runs. */

const text = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, MESSAGES.invalidValue);

const examples = z
  .array(text(BOT_LIMITS.ruleExampleMax))
  .max(BOT_LIMITS.ruleExamplesMax, `At most ${BOT_LIMITS.ruleExamplesMax} examples.`);
const tagIndex = z
  .number()
  .int()
  .min(0)
  .max(BOT_LIMITS.outputTagsMax - 1);

export const RULE_EMPTY_MESSAGE = 'Add a phrase, a family, an example or an extractor.';

/**
 * Rules engine: one output tag's rule. A sentence of the rule's speaker is a candidate when it
 * matches a phrase (by word forms), a picked family, or the tag's examples (a classifier trained
 * on the sentences that should and should not match); with negation on (the default), a match in
 * a negated clause ("I'm not worried about the price") does not count. The fields added with
 * families are optional, so rules saved before them stay valid; `withRuleDefaults` fills them.
 */
export const botRuleSchema = z
  .object({
    /** Phrases whose word forms are matched (lemmas), e.g. "maintenance plan", "book". */
    phrases: z.array(text(BOT_LIMITS.rulePhraseMax)).max(BOT_LIMITS.rulePhrasesMax),
    families: z
      .array(z.enum(RULE_FAMILIES, { error: MESSAGES.selectValidValue }))
      .max(RULE_FAMILIES.length)
      .optional(),
    examples: z.object({ match: examples, ignore: examples }).optional(),
    negation: z.boolean().optional(),
    speaker: z.enum(RULE_SPEAKERS, { error: MESSAGES.selectValidValue }),
    extractors: z
      .array(z.enum(RULE_EXTRACTORS, { error: MESSAGES.selectValidValue }))
      .max(RULE_EXTRACTORS.length),
    /** Only what is said within a few turns after an earlier tag's evidence (a reply to it). */
    after_tag: tagIndex.nullable().optional(),
    /** Reported only when an earlier tag found nothing ("Not booked" unless "Booked"). */
    unless_tag: tagIndex.nullable().optional(),
  })
  .refine(
    (r) =>
      r.phrases.length +
        (r.families?.length ?? 0) +
        (r.examples?.match.length ?? 0) +
        r.extractors.length >
      0,
    { path: ['phrases'], message: RULE_EMPTY_MESSAGE },
  );
export type BotRule = z.infer<typeof botRuleSchema>;
export type FullBotRule = Required<BotRule>;

/** A rule with every optional field set: no families or examples, negation on, no tag links. */
export const withRuleDefaults = (rule: BotRule): FullBotRule => ({
  families: [],
  examples: { match: [], ignore: [] },
  negation: true,
  after_tag: null,
  unless_tag: null,
  ...rule,
});

export const outputTagDefinitionSchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(BOT_LIMITS.outputTagsMax - 1),
  label: text(BOT_LIMITS.tagLabelMax),
  description: z.string().trim().max(BOT_LIMITS.tagDescriptionMax, MESSAGES.invalidValue),
  /** Required for the rules engine, ignored by the LLM engine. */
  rule: botRuleSchema.nullable(),
});
export type OutputTagDefinition = z.infer<typeof outputTagDefinitionSchema>;

const botFields = z.object({
  name: text(BOT_LIMITS.nameMax),
  description: z.string().trim().max(BOT_LIMITS.descriptionMax, MESSAGES.descriptionMaxed),
  color: z.enum(BOT_COLORS, { error: MESSAGES.selectValidValue }),
  trigger: z.enum(BOT_TRIGGERS, { error: MESSAGES.selectValidValue }),
  trigger_event: z.enum(BOT_TRIGGER_EVENTS, { error: MESSAGES.selectValidValue }),
  prompt: z
    .string()
    .max(BOT_LIMITS.promptMax, `Prompt cannot have more than ${BOT_LIMITS.promptMax} characters.`),
  output_tags: z
    .array(outputTagDefinitionSchema)
    .min(1, MESSAGES.required)
    .max(BOT_LIMITS.outputTagsMax, `A bot has at most ${BOT_LIMITS.outputTagsMax} output tags.`),
  engine: z.enum(BOT_ENGINES, { error: MESSAGES.selectValidValue }),
  visibility: z.enum(BOT_VISIBILITIES, { error: MESSAGES.selectValidValue }),
});

/** POST /api/publisher/bots and PUT /api/publisher/bots/{id}: the builder's draft. */
export const botInputSchema = botFields.superRefine((bot, ctx) => {
  if (!TRIGGER_EVENTS_BY_TRIGGER[bot.trigger].includes(bot.trigger_event)) {
    ctx.addIssue({ code: 'custom', path: ['trigger_event'], message: MESSAGES.selectValidValue });
  }
  const seen = new Set<number>();
  bot.output_tags.forEach((tag, i) => {
    if (seen.has(tag.index)) {
      ctx.addIssue({
        code: 'custom',
        path: ['output_tags', i, 'index'],
        message: 'Each output tag needs its own index.',
      });
    }
    seen.add(tag.index);
    if (bot.engine === 'rules' && !tag.rule) {
      ctx.addIssue({
        code: 'custom',
        path: ['output_tags', i, 'rule'],
        message: MESSAGES.required,
      });
    }
    // A rule may only look at a tag evaluated before it, so tags never wait on each other.
    for (const key of ['after_tag', 'unless_tag'] as const) {
      const other = tag.rule?.[key];
      if (bot.engine !== 'rules' || other == null) continue;
      if (other >= tag.index || !bot.output_tags.some((t) => t.index === other)) {
        ctx.addIssue({
          code: 'custom',
          path: ['output_tags', i, 'rule', key],
          message: 'Choose a tag above this one.',
        });
      }
    }
  });
  if (bot.engine === 'llm' && bot.prompt.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: MESSAGES.required });
  }
});
export type BotInput = z.infer<typeof botInputSchema>;

/** A reference document of a bot (price book, call script…); its text was extracted at upload. */
export const botReferenceFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size_bytes: z.number().int(),
  /** Characters of extracted text. */
  text_chars: z.number().int(),
});
export type BotReferenceFile = z.infer<typeof botReferenceFileSchema>;

export const botSchema = botFields.extend({
  id: z.uuid(),
  publisher_id: z.uuid(),
  status: z.enum(BOT_STATUSES),
  icon: z.object({ light: z.string(), dark: z.string() }),
  /** Number of the newest published version; null for a never-published draft. */
  latest_version: z.number().int().nullable(),
  /** The draft differs from the newest version. */
  has_unpublished_changes: z.boolean(),
  reference_files: z.array(botReferenceFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bot = z.infer<typeof botSchema>;

export const botListItemSchema = botSchema
  .pick({
    id: true,
    name: true,
    description: true,
    color: true,
    icon: true,
    trigger: true,
    trigger_event: true,
    engine: true,
    visibility: true,
    status: true,
    latest_version: true,
    updated_at: true,
  })
  .extend({ companies_count: z.number().int() });
export type BotListItem = z.infer<typeof botListItemSchema>;

export const botListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  status: choice(BOT_STATUSES),
  trigger: choice(BOT_TRIGGERS),
  /** /bot/private-bot lists only private bots; the filter is the server's so paging stays right. */
  visibility: choice(BOT_VISIBILITIES),
});
export type BotListQuery = z.infer<typeof botListQuerySchema>;
export const botListResponseSchema = z.object({
  data: z.object({ items: z.array(botListItemSchema), count: z.number().int() }),
});

/** A deprecated version. */
export const versionDeprecationSchema = z.object({
  /** YYYY-MM-DD: the day pins move to the newest version. */
  retires_on: z.string(),
  note: z.string().nullable(),
  deprecated_at: z.string(),
});
export type VersionDeprecation = z.infer<typeof versionDeprecationSchema>;

export const botVersionSchema = z.object({
  number: z.number().int().min(1),
  changelog: z.string(),
  engine: z.enum(BOT_ENGINES),
  published_at: z.string(),
  published_by: z.string().nullable(),
  /** Companies pinned to this version. */
  companies_count: z.number().int(),
  /** Reviewer marks on this version's response tags. */
  feedback: z.object({ correct: z.number().int(), wrong: z.number().int() }),
  /** Per tag: precision and recall estimated from reviewers' marks (all companies), with n. */
  tag_accuracy: z.array(tagAccuracySchema),
  deprecation: versionDeprecationSchema.nullable(),
});
export type BotVersion = z.infer<typeof botVersionSchema>;

export const botDetailSchema = botSchema.extend({
  versions: z.array(botVersionSchema),
  /** The sentences behind the worst misses: shared, redacted marks, most frequent first. */
  worst_misses: z.array(sharedMissSchema),
  companies: z.array(z.object({ id: z.uuid(), name: z.string(), version: z.number().int() })),
});
export type BotDetail = z.infer<typeof botDetailSchema>;
export const botDetailResponseSchema = z.object({ data: botDetailSchema });
export const botResponseSchema = z.object({ data: botSchema });
export type BotResponse = z.infer<typeof botResponseSchema>;

export const publishBotRequestSchema = z.object({
  changelog: text(BOT_LIMITS.changelogMax),
  /** Publish although the version does worse than the previous one on the labelled examples. */
  confirm_drop: z.boolean().optional(),
  /** The sample transcript of the version's marketplace example (default: the trigger's first). */
  sample_id: z.string().max(100).optional(),
});
export type PublishBotRequest = z.infer<typeof publishBotRequestSchema>;

/** POST /api/publisher/bots/{id}/files: a file already uploaded through the pre-signed URL flow. */
export const addBotFileRequestSchema = z.object({
  name: text(255),
  path: z.string().min(1, MESSAGES.required).max(1000),
});

/** Sample transcripts a publisher can test a bot on (the demo clips). */
export const sampleTranscriptSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['field-recording', 'csr-call']),
  call_type: z.enum(['Booked', 'Unbooked']).nullable(),
  transcript: z.string(),
  segments: z.array(transcriptSegmentSchema),
});
export type SampleTranscript = z.infer<typeof sampleTranscriptSchema>;
export const sampleTranscriptsResponseSchema = z.object({ data: z.array(sampleTranscriptSchema) });

/**
 * POST /api/publisher/bots/test-run: run the builder's unsaved draft over a sample or a pasted
 * transcript ("[mm:ss] Speaker: text" or "Speaker: text" lines). Nothing is stored or metered.
 */
export const testRunRequestSchema = z
  .object({
    bot: botInputSchema,
    /** A bot's id, so its reference files are used. */
    bot_id: z.uuid().nullable(),
    sample_id: z.string().max(100).nullable(),
    transcript: z.string().max(BOT_LIMITS.sampleTranscriptMax, MESSAGES.invalidValue).nullable(),
  })
  .refine((r) => r.sample_id !== null || (r.transcript ?? '').trim() !== '', {
    path: ['transcript'],
    message: MESSAGES.required,
  });
export type TestRunRequest = z.infer<typeof testRunRequestSchema>;
export const testRunResponseSchema = z.object({
  data: z.object({
    transcript: z.string(),
    segments: z.array(transcriptSegmentSchema),
    result: botResultItemSchema.omit({ id: true, bot_id: true }),
  }),
});
export type TestRunResponse = z.infer<typeof testRunResponseSchema>;

/** GET /api/data?items=company_bots: the bots a company may run, with its pinned version. */
export const companyBotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  trigger: z.enum(BOT_TRIGGERS),
  trigger_event: z.enum(BOT_TRIGGER_EVENTS),
  color: z.enum(BOT_COLORS),
  icon: z.object({ light: z.string(), dark: z.string() }),
  version: z.number().int(),
  latest_version: z.number().int(),
});
export type CompanyBot = z.infer<typeof companyBotSchema>;

/** GET /api/data?items=bot_icons: one row per colour, theme and format. */
export const botIconSchema = z.object({
  color: z.enum(BOT_COLORS),
  theme: z.enum(['light', 'dark']),
  format: z.enum(['avif', 'webp', 'optimized-gif', 'original-gif']),
  url: z.string(),
});
export type BotIcon = z.infer<typeof botIconSchema>;

export const publisherBotsPath = '/api/publisher/bots';
export const publisherBotPath = (id: string) => `/api/publisher/bots/${id}`;
export const publishBotPath = (id: string) => `/api/publisher/bots/${id}/publish`;
export const archiveBotPath = (id: string) => `/api/publisher/bots/${id}/archive`;
export const botFilesPath = (id: string) => `/api/publisher/bots/${id}/files`;
export const botFilePath = (id: string, fileId: string) =>
  `/api/publisher/bots/${id}/files/${fileId}`;
export const testRunPath = '/api/publisher/bots/test-run';
export const sampleTranscriptsPath = '/api/publisher/sample-transcripts';
