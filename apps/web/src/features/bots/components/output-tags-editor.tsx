import { BOT_LIMITS, type BotEngineKind } from '@fieldbot/shared';
import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canAddTag, newTag, type BotFormValues } from '../lib/bot-form';
import { RULE_EXTRACTOR_OPTIONS, RULE_SPEAKER_OPTIONS } from '../lib/options';

export interface OutputTagsEditorProps {
  form: UseFormReturnType<BotFormValues>;
  engine: BotEngineKind;
}

/** Up to ten output tags (index 0–9); for the rules engine each carries the rule that fills it. */
export function OutputTagsEditor({ form, engine }: OutputTagsEditorProps) {
  const tags = form.values.output_tags;
  const listError = form.errors.output_tags;
  const addable = canAddTag(tags);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={3} size="h5">
            Output tags
          </Title>
          <Text size="xs" c="dimmed" id="output-tags-help">
            {`${tags.length} of ${BOT_LIMITS.outputTagsMax}. Each tag is one thing the bot reports, with the transcript quotes as evidence.`}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!addable}
          onClick={() => form.insertListItem('output_tags', newTag(tags.length))}
          aria-describedby="output-tags-help"
        >
          Add output tag
        </Button>
      </Group>
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      {tags.map((tag, i) => {
        const path = `output_tags.${i}`;
        const ruleError = form.errors[`${path}.rule`];
        return (
          <Paper
            key={i}
            withBorder
            radius="md"
            p="sm"
            component="fieldset"
            m={0}
            // A fieldset is at least as wide as its content by default: on a phone that overflows.
            style={{ minWidth: 0 }}
            aria-label={`Output tag ${i}`}
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600} size="sm">{`Tag ${i}`}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  disabled={tags.length === 1}
                  onClick={() => form.removeListItem('output_tags', i)}
                  aria-label={`Remove tag ${i}`}
                >
                  Remove
                </Button>
              </Group>
              <TextInput
                label="Label"
                required
                maxLength={BOT_LIMITS.tagLabelMax}
                {...form.getInputProps(`${path}.label`)}
              />
              <Textarea
                label="Description"
                rows={1}
                resize="vertical"
                maxLength={BOT_LIMITS.tagDescriptionMax}
                {...form.getInputProps(`${path}.description`)}
              />
              {engine === 'rules' ? (
                <>
                  <TagsInput
                    label="Phrases"
                    description="Word forms count too: 'book' also finds 'booked' and 'booking'. Press Enter after each."
                    required
                    maxTags={BOT_LIMITS.rulePhrasesMax}
                    {...form.getInputProps(`${path}.rule.phrases`)}
                    error={form.errors[`${path}.rule.phrases`] ?? ruleError}
                  />
                  <Group grow align="flex-start" gap="sm" wrap="wrap">
                    <Select
                      label="Speaker"
                      data={RULE_SPEAKER_OPTIONS}
                      allowDeselect={false}
                      miw={180}
                      {...form.getInputProps(`${path}.rule.speaker`)}
                    />
                    <MultiSelect
                      label="Extractors"
                      placeholder="None"
                      data={RULE_EXTRACTOR_OPTIONS}
                      miw={200}
                      {...form.getInputProps(`${path}.rule.extractors`)}
                    />
                  </Group>
                </>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
