import { BOT_LIMITS, RULE_EMPTY_MESSAGE, botRuleSchema } from '@fieldbot/shared';
import {
  Button,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { tagName, type BotFormValues } from '../lib/bot-form';
import { RULE_EXTRACTOR_OPTIONS, RULE_SPEAKER_OPTIONS } from '../lib/options';
import { RuleFamilyChips } from './rule-family-chips';
import { SentenceLinesInput } from './sentence-lines-input';

export interface TagRuleFieldsProps {
  form: UseFormReturnType<BotFormValues>;
  /** The tag's position, which is also its index (0–9). */
  index: number;
}

const EXAMPLES_HELP = `One per line, up to ${BOT_LIMITS.ruleExamplesMax}.`;

/** Positions of a list's items that have an error ('….examples.match.3' gives 3). */
const itemErrors = (errors: FormErrors, path: string) =>
  Object.keys(errors)
    .filter((key) => key.startsWith(`${path}.`))
    .map((key) => Number(key.slice(path.length + 1)));

/** The message of a sentence list: the list's own, else the first sentence that is too long. */
function sentencesError(errors: FormErrors, path: string) {
  const line = itemErrors(errors, path)[0];
  if (errors[path] || line === undefined) return errors[path];
  return `Sentence ${line + 1}: at most ${BOT_LIMITS.ruleExampleMax} characters.`;
}

/** The rules engine's rule of one output tag: what a sentence must say, and when it counts. */
export function TagRuleFields({ form, index }: TagRuleFieldsProps) {
  const id = useId();
  const path = `output_tags.${index}.rule`;
  const { errors } = form;
  const tags = form.values.output_tags;
  const rule = tags[index]!.rule;

  // The schema reports an empty rule on `phrases`, but any way to match fixes it: the message
  // goes on the whole rule, and only while the rule is still empty (picking a family clears it).
  const emptyReported = errors[`${path}.phrases`] === RULE_EMPTY_MESSAGE;
  const empty =
    emptyReported &&
    !!botRuleSchema.safeParse(rule).error?.issues.some((i) => i.message === RULE_EMPTY_MESSAGE);
  const phrasesError = emptyReported ? null : errors[`${path}.phrases`];
  const groupError = errors[path] ?? (empty ? RULE_EMPTY_MESSAGE : null);

  const extras = rule.families.length + rule.examples.match.length + rule.examples.ignore.length;
  const [moreOpen, setMoreOpen] = useState(extras > 0);
  const extrasInvalid = Object.keys(errors).some(
    (key) => key.startsWith(`${path}.families`) || key.startsWith(`${path}.examples`),
  );
  // An error inside opens the section and keeps it open: a hidden field cannot be fixed. It stays
  // open once fixed, so the field being typed in does not vanish.
  if (extrasInvalid && !moreOpen) setMoreOpen(true);
  const moreShown = moreOpen || extrasInvalid;

  const earlier = tags
    .slice(0, index)
    .map((tag, position) => ({ value: String(position), label: tagName(tag, position) }));
  const linkProps = (key: 'after_tag' | 'unless_tag') => ({
    ...form.getInputProps(`${path}.${key}`),
    data: earlier,
    clearable: true,
    value: rule[key] === null ? null : String(rule[key]),
    onChange: (value: string | null) =>
      form.setFieldValue(`${path}.${key}`, value === null ? null : Number(value)),
  });

  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={`Rule of tag ${index}`}
      aria-describedby={groupError ? `${id}-error` : undefined}
    >
      {groupError ? (
        <Text id={`${id}-error`} size="sm" c="red" role="alert">
          {groupError}
        </Text>
      ) : null}
      <TagsInput
        label="Phrases"
        description="Word forms count too: 'book' also finds 'booked' and 'booking'. Press Enter after each."
        maxTags={BOT_LIMITS.rulePhrasesMax}
        {...form.getInputProps(`${path}.phrases`)}
        error={phrasesError}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Speaker"
          data={RULE_SPEAKER_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps(`${path}.speaker`)}
        />
        <MultiSelect
          label="Extractors"
          placeholder="None"
          data={RULE_EXTRACTOR_OPTIONS}
          {...form.getInputProps(`${path}.extractors`)}
        />
      </SimpleGrid>
      <Switch
        label="Ignore negated mentions"
        description="“I'm not worried about the price” does not count."
        {...form.getInputProps(`${path}.negation`, { type: 'checkbox' })}
      />
      {index > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Only in reply to"
            description="Reads only the few turns after that tag’s evidence."
            placeholder="Anywhere"
            {...linkProps('after_tag')}
          />
          <Select
            label="Only when this tag found nothing"
            description="Reported only when that tag has no evidence."
            placeholder="Always"
            {...linkProps('unless_tag')}
          />
        </SimpleGrid>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setMoreOpen(!moreShown)}
        aria-expanded={moreShown}
        rightSection={
          moreShown ? (
            <IconChevronUp size={14} aria-hidden />
          ) : (
            <IconChevronDown size={14} aria-hidden />
          )
        }
        style={{ alignSelf: 'flex-start' }}
      >
        {extras > 0 ? `More ways to match (${extras})` : 'More ways to match'}
      </Button>
      {/* Rendered only while shown, so a collapsed section leaves nothing to tab through. */}
      {moreShown ? (
        <Stack gap="xs">
          <RuleFamilyChips
            value={rule.families}
            onChange={(families) => form.setFieldValue(`${path}.families`, families)}
            error={errors[`${path}.families`]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(['match', 'ignore'] as const).map((kind) => {
              const listPath = `${path}.examples.${kind}`;
              return (
                <SentenceLinesInput
                  key={kind}
                  label={
                    kind === 'match'
                      ? 'Sentences that should match'
                      : 'Sentences that should not match'
                  }
                  description={
                    kind === 'match'
                      ? `Similar sentences match too. ${EXAMPLES_HELP}`
                      : `Near misses to leave out. ${EXAMPLES_HELP}`
                  }
                  data-path={listPath}
                  value={rule.examples[kind]}
                  onChange={(lines) => {
                    form.setFieldValue(listPath, lines);
                    // The form clears only the list's own error on change, not its sentences'.
                    form.setErrors((current) =>
                      Object.fromEntries(
                        Object.entries(current).filter(([key]) => !key.startsWith(`${listPath}.`)),
                      ),
                    );
                  }}
                  error={sentencesError(errors, listPath)}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
