import {
  BOT_LIMITS,
  TRIGGER_EVENTS_BY_TRIGGER,
  botInputSchema,
  type Bot,
  type BotInput,
  type FullBotRule,
  type OutputTagDefinition,
  withRuleDefaults,
} from '@fieldbot/shared';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/**
 * The builder's values: BotInput, except that every tag keeps a rule while the LLM engine is
 * chosen, so switching engines back and forth loses nothing. toBotInput drops them for the LLM.
 * Rules carry every optional field (rules saved before families existed lack them), so each
 * input always has a value to show.
 */
export type BotFormTag = Omit<OutputTagDefinition, 'rule'> & { rule: FullBotRule };
export type BotFormValues = Omit<BotInput, 'output_tags'> & { output_tags: BotFormTag[] };

export const emptyRule = (): FullBotRule =>
  withRuleDefaults({ phrases: [], speaker: 'anyone', extractors: [] });

export const newTag = (index: number): BotFormTag => ({
  index,
  label: '',
  description: '',
  rule: emptyRule(),
});

export function botFormInitialValues(bot?: Bot): BotFormValues {
  if (!bot) {
    return {
      name: '',
      description: '',
      color: 'blue',
      trigger: 'recording-complete',
      trigger_event: 'every',
      prompt: '',
      output_tags: [newTag(0)],
      engine: 'rules',
      visibility: 'marketplace',
    };
  }
  return {
    name: bot.name,
    description: bot.description,
    color: bot.color,
    trigger: bot.trigger,
    trigger_event: bot.trigger_event,
    prompt: bot.prompt,
    output_tags: bot.output_tags.map((tag) => ({
      ...tag,
      rule: tag.rule ? withRuleDefaults(tag.rule) : emptyRule(),
    })),
    engine: bot.engine,
    visibility: bot.visibility,
  };
}

/** What the server is sent: tags numbered by position (0–9), rules only for the rules engine. */
export function toBotInput(values: BotFormValues): BotInput {
  return {
    ...values,
    output_tags: values.output_tags.map((tag, index) => ({
      ...tag,
      index,
      rule: values.engine === 'rules' ? tag.rule : null,
    })),
  };
}

const resolve = zod4Resolver(botInputSchema);

/** The shared botInputSchema is the one validator, run on what would be sent. */
export function validateBotForm(values: BotFormValues): FormErrors {
  return resolve(toBotInput(values));
}

/** The events the trigger allows; a trigger change keeps the event only when it still fits. */
export function eventForTrigger(
  trigger: BotInput['trigger'],
  event: BotInput['trigger_event'],
): BotInput['trigger_event'] {
  const allowed = TRIGGER_EVENTS_BY_TRIGGER[trigger];
  return allowed.includes(event) ? event : allowed[0]!;
}

/** How the builder names a tag in lists: its label, or its number while it has none. */
export const tagName = (tag: Pick<BotFormTag, 'label'>, position: number) =>
  tag.label.trim() || `Tag ${position}`;

/**
 * A rule's link (after_tag, unless_tag) once the tag at `removed` is gone: tags are numbered by
 * position, so a link past it moves up with its tag, and a link to it is cleared rather than
 * silently pointing at the tag that took its place.
 */
export function linkAfterRemoval(link: number | null, removed: number): number | null {
  if (link === null || link < removed) return link;
  return link === removed ? null : link - 1;
}

export const canAddTag = (tags: readonly unknown[]) => tags.length < BOT_LIMITS.outputTagsMax;

/** '1,234 / 10,000'. */
export const promptCount = (prompt: string) =>
  `${prompt.length.toLocaleString('en-US')} / ${BOT_LIMITS.promptMax.toLocaleString('en-US')}`;

/** Top-level fields a server 422 may name ('output_tags.2.label' belongs to output_tags). */
export const BOT_FORM_FIELDS = [
  'name',
  'description',
  'color',
  'trigger',
  'trigger_event',
  'prompt',
  'output_tags',
  'engine',
  'visibility',
] as const;

/** The 422 field messages the form can show, keyed by form path ('bot.' prefix of test-run removed). */
export function serverFieldErrors(errors: Record<string, string[]>): FormErrors {
  const shown: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const path = key.startsWith('bot.') ? key.slice(4) : key;
    const root = path.split('.')[0] as (typeof BOT_FORM_FIELDS)[number];
    if (BOT_FORM_FIELDS.includes(root) && messages[0]) shown[path] = messages[0];
  }
  return shown;
}
