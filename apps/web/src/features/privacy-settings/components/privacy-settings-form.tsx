import {
  CONSENT_METHOD_CHOICES,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  VOCABULARY_MAX_TERMS,
  VOCABULARY_TERM_MAX_LENGTH,
  type PrivacySettings,
} from '@fieldbot/shared';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSavePrivacySettings } from '../api/privacy-settings';
import {
  PRIVACY_FORM_FIELDS,
  privacyFormSchema,
  toFormValues,
  toRequest,
  type PrivacyFormValues,
} from '../lib/privacy-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const FOREVER = 'Leave empty to keep forever';

/** Settings → Privacy: one form, saved as a whole. */
export function PrivacySettingsForm({ settings }: { settings: PrivacySettings }) {
  const save = useSavePrivacySettings();
  const form = useForm<PrivacyFormValues>({
    initialValues: toFormValues(settings),
    validate: zod4Resolver(privacyFormSchema),
  });
  const submit = form.onSubmit((values) => {
    save.mutate(toRequest(values), {
      onSuccess: ({ message, data }) => {
        if (message) notifySuccess(message);
        // What the server kept (the vocabulary trimmed and without repeats) becomes the new start.
        form.setInitialValues(toFormValues(data));
        form.setValues(toFormValues(data));
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, PRIVACY_FORM_FIELDS);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  const days = (field: 'audio_retention_days' | 'transcript_retention_days', label: string) => (
    <NumberInput
      label={label}
      description={FOREVER}
      placeholder="Keep forever"
      min={RETENTION_DAYS_MIN}
      max={RETENTION_DAYS_MAX}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      inputMode="numeric"
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title="Recording consent">
          <Radio.Group
            label="How consent is taken"
            description="Asked before every Record Visit; the recording keeps a record of how consent was given."
            {...form.getInputProps('consent_method')}
          >
            <Stack gap="xs" mt="xs">
              {CONSENT_METHOD_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} label={choice.label} />
              ))}
            </Stack>
          </Radio.Group>
        </Section>

        <Section title="Retention">
          <Text size="sm" c="dimmed">
            Recordings past these ages are deleted by a daily job. Customers under a legal hold are
            kept.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {days('audio_retention_days', 'Delete audio after (days)')}
            {days('transcript_retention_days', 'Delete transcripts and bot results after (days)')}
          </SimpleGrid>
        </Section>

        <Section title="Redaction">
          <Text size="sm">
            Payment card numbers, social security numbers and bank account and routing numbers are
            always masked in transcripts, before anyone or any bot reads them.
          </Text>
          <Switch
            label="Also mask e-mail addresses"
            description="Applies at once to every transcript shown, downloaded or read by a bot."
            {...form.getInputProps('redact_emails', { type: 'checkbox' })}
          />
          <Switch
            label="Also mask phone numbers"
            description="Applies at once to every transcript shown, downloaded or read by a bot."
            {...form.getInputProps('redact_phones', { type: 'checkbox' })}
          />
          <Switch
            label="Bleep masked parts of the audio"
            description="New recordings: where the transcript is masked, the audio is replaced with a tone and the original is not kept."
            {...form.getInputProps('bleep_audio', { type: 'checkbox' })}
          />
        </Section>

        <Section title="Vocabulary">
          <TagsInput
            label="Trade words, brands and models"
            description={`Help speech-to-text spell the words your team says, such as PRV, recirc pump or Carrier Infinity, and your own plan names. Press Enter or type a comma after each; up to ${VOCABULARY_MAX_TERMS}.`}
            placeholder="Add a word or name"
            maxTags={VOCABULARY_MAX_TERMS}
            maxLength={VOCABULARY_TERM_MAX_LENGTH}
            clearable
            {...form.getInputProps('vocabulary')}
          />
        </Section>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
