import { BOT_LIMITS, type BotEngineKind } from '@fieldbot/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canAddTag, linkAfterRemoval, newTag, type BotFormValues } from '../lib/bot-form';
import { TagRuleFields } from './tag-rule-fields';

export interface OutputTagsEditorProps {
  form: UseFormReturnType<BotFormValues>;
  engine: BotEngineKind;
}

/** Up to ten output tags (index 0–9); for the rules engine each carries the rule that fills it. */
export function OutputTagsEditor({ form, engine }: OutputTagsEditorProps) {
  const tags = form.values.output_tags;
  const listError = form.errors.output_tags;
  const addable = canAddTag(tags);

  const removeTag = (removed: number) => {
    form.removeListItem('output_tags', removed);
    // Rules link to earlier tags by position, which the removal shifts.
    form.getValues().output_tags.forEach((tag, position) => {
      for (const key of ['after_tag', 'unless_tag'] as const) {
        const link = linkAfterRemoval(tag.rule[key], removed);
        if (link !== tag.rule[key]) form.setFieldValue(`output_tags.${position}.rule.${key}`, link);
      }
    });
  };

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
                  onClick={() => removeTag(i)}
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
              {engine === 'rules' ? <TagRuleFields form={form} index={i} /> : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
