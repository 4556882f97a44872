import { BOT_LIMITS, MESSAGES, type BotDetail, botDetailPath, botEditPath } from '@fieldbot/shared';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { isApiError } from '@/lib/http';
import { errorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useSaveBot } from '../api/save-bot';
import {
  botFormInitialValues,
  eventForTrigger,
  promptCount,
  serverFieldErrors,
  toBotInput,
  validateBotForm,
  type BotFormValues,
} from '../lib/bot-form';
import {
  BOT_ENGINE_LABELS,
  BOT_TRIGGER_OPTIONS,
  BOT_VISIBILITY_LABELS,
  triggerEventOptions,
} from '../lib/options';
import { BotColorPicker } from './bot-color-picker';
import { OutputTagsEditor } from './output-tags-editor';
import { PublishDialog } from './publish-dialog';
import { ReferenceFilesField } from './reference-files-field';
import { TestRunPanel } from './test-run-panel';
import { SAVED_NAVIGATION, UnsavedChangesGuard } from './unsaved-changes-guard';

export const DRAFT_SAVED = 'Draft saved.';
export const botPublished = (version: number | null) =>
  version === null ? 'Bot published.' : `Version ${version} published.`;
export const SAVE_BEFORE_PUBLISH = 'Save the draft before publishing.';

const PROMPT_TOO_LONG = `Prompt cannot have more than ${BOT_LIMITS.promptMax} characters.`;

const ENGINE_HELP = {
  rules: 'Built in: each tag is filled by phrases said by a speaker. Works without an LLM.',
  llm: 'An LLM reads the prompt, the tags and the transcript, and quotes its evidence.',
} as const;

export interface BotBuilderFormProps {
  /** The saved bot; undefined on /bot/create. */
  bot?: BotDetail;
}

/** The builder: the draft's fields on one side, the test run on the other (stacked on phones). */
export function BotBuilderForm({ bot }: BotBuilderFormProps) {
  const navigate = useNavigate();
  const save = useSaveBot();
  const [publishing, setPublishing] = useState(false);
  const form = useForm<BotFormValues>({
    initialValues: botFormInitialValues(bot),
    validate: validateBotForm,
  });
  const { values } = form;
  const botId = bot?.id ?? null;
  const dirty = form.isDirty();

  const submit = form.onSubmit((draft) => {
    save.mutate(
      { id: botId, bot: toBotInput(draft) },
      {
        onSuccess: (saved) => {
          notifySuccess(DRAFT_SAVED);
          form.resetDirty(draft);
          if (!botId) {
            void navigate(botEditPath(saved.id), { replace: true, state: SAVED_NAVIGATION });
          }
        },
        onError: (error) => {
          const fields =
            isApiError(error) && error.status === 422 ? serverFieldErrors(error.errors) : {};
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else notifyError(errorMessage(error));
        },
      },
    );
  }, focusFirstError(form));

  const descriptionMaxed = values.description.length >= BOT_LIMITS.descriptionMax;
  const promptTooLong = values.prompt.length > BOT_LIMITS.promptMax;
  const publishBlock = !botId || dirty ? SAVE_BEFORE_PUBLISH : null;

  return (
    <>
      <UnsavedChangesGuard when={dirty && !save.isPending} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md">
            <form onSubmit={submit} noValidate aria-labelledby="bot-form-title">
              <Stack gap="md">
                <Title order={2} size="h4" id="bot-form-title">
                  {bot ? bot.name : 'New bot'}
                </Title>
                <TextInput
                  label="Name"
                  required
                  maxLength={BOT_LIMITS.nameMax}
                  {...form.getInputProps('name')}
                />
                <Textarea
                  label="Description"
                  rows={2}
                  resize="vertical"
                  maxLength={BOT_LIMITS.descriptionMax}
                  {...form.getInputProps('description')}
                  error={
                    form.errors.description ?? (descriptionMaxed ? MESSAGES.descriptionMaxed : null)
                  }
                />
                <BotColorPicker
                  value={values.color}
                  onChange={(color) => form.setFieldValue('color', color)}
                  error={form.errors.color}
                />
                <Group grow align="flex-start" gap="sm" wrap="wrap">
                  <Select
                    label="Trigger"
                    required
                    data={BOT_TRIGGER_OPTIONS}
                    allowDeselect={false}
                    miw={200}
                    {...form.getInputProps('trigger')}
                    onChange={(trigger) => {
                      if (!trigger) return;
                      const next = trigger as BotFormValues['trigger'];
                      form.setValues({
                        trigger: next,
                        trigger_event: eventForTrigger(next, values.trigger_event),
                      });
                    }}
                  />
                  <Select
                    label="Trigger event"
                    required
                    data={triggerEventOptions(values.trigger)}
                    allowDeselect={false}
                    miw={200}
                    {...form.getInputProps('trigger_event')}
                  />
                </Group>
                <Radio.Group label="Visibility" required {...form.getInputProps('visibility')}>
                  <Group gap="lg" mt={4}>
                    <Radio value="marketplace" label={BOT_VISIBILITY_LABELS.marketplace} />
                    <Radio value="private" label={BOT_VISIBILITY_LABELS.private} />
                  </Group>
                </Radio.Group>
                <Radio.Group label="Engine" required {...form.getInputProps('engine')}>
                  <Stack gap="xs" mt={4}>
                    <Radio
                      value="rules"
                      label={BOT_ENGINE_LABELS.rules}
                      description={ENGINE_HELP.rules}
                    />
                    <Radio
                      value="llm"
                      label={BOT_ENGINE_LABELS.llm}
                      description={ENGINE_HELP.llm}
                    />
                  </Stack>
                </Radio.Group>
                <div>
                  <Textarea
                    label="Prompt"
                    required={values.engine === 'llm'}
                    description={
                      values.engine === 'rules'
                        ? 'Kept with the bot; the rules engine reads the tags’ rules instead.'
                        : 'What the LLM is asked to find in the transcript.'
                    }
                    rows={5}
                    resize="vertical"
                    {...form.getInputProps('prompt')}
                    error={promptTooLong ? PROMPT_TOO_LONG : form.errors.prompt}
                    aria-describedby="prompt-count"
                  />
                  <Text
                    id="prompt-count"
                    size="xs"
                    ta="right"
                    c={promptTooLong ? 'red' : 'dimmed'}
                    data-testid="prompt-count"
                  >
                    {promptCount(values.prompt)}
                  </Text>
                </div>
                <OutputTagsEditor form={form} engine={values.engine} />
                <ReferenceFilesField botId={botId} files={bot?.reference_files ?? []} />
                <Group justify="flex-end" gap="sm">
                  {botId ? (
                    <Button component={Link} to={botDetailPath(botId)} variant="subtle">
                      View bot
                    </Button>
                  ) : null}
                  <Button
                    type="submit"
                    variant="default"
                    loading={save.isPending}
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  >
                    Save draft
                  </Button>
                  <Button
                    onClick={() => setPublishing(true)}
                    disabled={publishBlock !== null}
                    aria-describedby={publishBlock ? 'publish-block' : undefined}
                    leftSection={<IconRocket size={16} aria-hidden />}
                  >
                    Publish
                  </Button>
                </Group>
                {publishBlock ? (
                  <Text id="publish-block" size="xs" c="dimmed" ta="right">
                    {publishBlock}
                  </Text>
                ) : null}
                {bot?.has_unpublished_changes && !dirty ? (
                  <Alert variant="light" color="blue">
                    The saved draft differs from the published version. Publish to offer it to
                    companies.
                  </Alert>
                ) : null}
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TestRunPanel form={form} botId={botId} />
        </Grid.Col>
      </Grid>
      {botId ? (
        <PublishDialog
          botId={botId}
          nextVersion={(bot?.latest_version ?? 0) + 1}
          opened={publishing}
          onClose={() => setPublishing(false)}
          onPublished={(published) => {
            setPublishing(false);
            notifySuccess(botPublished(published.latest_version));
            void navigate(botDetailPath(botId), { state: SAVED_NAVIGATION });
          }}
        />
      ) : null}
    </>
  );
}
