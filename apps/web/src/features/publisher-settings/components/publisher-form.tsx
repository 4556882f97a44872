import { PUBLISHER_LIMITS, type PublisherInfo } from '@fieldbot/shared';
import {
  Avatar,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '@/components/forms/form-actions';
import { LogoUploadField } from '@/components/forms/logo-upload-field';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreatePublisher } from '../api/create-publisher';
import { useUpdatePublisher } from '../api/update-publisher';
import {
  PUBLISHER_FIELDS,
  publisherChanges,
  publisherCreateBody,
  publisherInitialValues,
  validatePublisherForm,
  type PublisherValues,
} from '../lib/publisher-form';

interface PublisherFormProps {
  /** The publisher; null while the admin has not created it (the form then creates it). */
  publisher: PublisherInfo | null;
  /** A publisher user reads the information; only the publisher admin edits it. */
  readOnly: boolean;
}

/** Publisher Information: create, then update of the changed fields. */
export function PublisherForm({ publisher, readOnly }: PublisherFormProps) {
  const create = useCreatePublisher();
  const update = useUpdatePublisher();
  const creating = publisher === null;
  const [uploading, setUploading] = useState(false);
  const [baseline, setBaseline] = useState(() => publisherInitialValues(publisher));
  const form = useForm<PublisherValues>({
    initialValues: baseline,
    validate: (values) => validatePublisherForm(values, !creating),
    // The description says at once when it passes its limit.
    validateInputOnChange: ['description'],
  });
  const { values } = form;
  const changes = creating ? {} : publisherChanges(values, baseline);
  const hasChanges = Object.keys(changes).length > 0;
  const pending = create.isPending || update.isPending;

  const onServerError = (error: unknown) => {
    const message = applyServerErrors(form, error, PUBLISHER_FIELDS);
    if (message) notifyError(message);
  };

  const submit = form.onSubmit((submitted) => {
    if (readOnly) return;
    if (creating) {
      // Awaited rather than a mutate callback: the page swaps this form for the saved publisher's
      // (a new key) before the callbacks would run.
      void create
        .mutateAsync(publisherCreateBody(submitted))
        .then(({ message }) => notifySuccess(message), onServerError);
      return;
    }
    const body = publisherChanges(submitted, baseline);
    if (Object.keys(body).length === 0) return;
    update.mutate(body, {
      onSuccess: ({ message }) => {
        setBaseline(submitted);
        notifySuccess(message);
      },
      onError: onServerError,
    });
  }, focusFirstError(form));

  const descriptionLength = values.description.trim().length;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} noValidate aria-labelledby="publisher-form-title">
        <Stack gap="lg">
          <div>
            <Title order={2} size="h4" id="publisher-form-title">
              Publisher Information
            </Title>
            <Text size="sm" c="dimmed">
              {creating
                ? 'Set up your publisher: companies see it in the marketplace.'
                : readOnly
                  ? 'Your publisher as companies see it. Only a Publisher Admin can change it.'
                  : 'Your publisher as companies see it in the marketplace.'}
            </Text>
          </div>

          {readOnly ? (
            <Avatar
              src={values.logo}
              alt={values.name ? `Logo of ${values.name}` : 'Publisher logo'}
              size={80}
              radius="md"
            >
              <IconBuildingStore size={32} aria-hidden />
            </Avatar>
          ) : (
            <LogoUploadField
              folder="publisher-logo"
              ownerName={values.name}
              fallbackAlt="Publisher logo"
              logo={values.logo}
              error={form.errors.logo}
              onChange={(url) => form.setFieldValue('logo', url)}
              onUploadingChange={setUploading}
            />
          )}

          <TextInput
            label="Publisher Name"
            required={!readOnly}
            readOnly={readOnly}
            autoComplete="organization"
            maxLength={PUBLISHER_LIMITS.nameMax + 50}
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            required={!readOnly}
            readOnly={readOnly}
            rows={4}
            resize="vertical"
            description={
              readOnly ? undefined : `${descriptionLength} / ${PUBLISHER_LIMITS.descriptionMax}`
            }
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Website"
              type="url"
              readOnly={readOnly}
              placeholder={readOnly ? undefined : 'https://example.com'}
              autoComplete="url"
              {...form.getInputProps('website')}
            />
            <TextInput
              label="Support Email"
              type="email"
              required={!readOnly}
              readOnly={readOnly}
              autoComplete="email"
              {...form.getInputProps('support_email')}
            />
          </SimpleGrid>
          <NumberInput
            label="Default Markup (%)"
            description={
              readOnly
                ? undefined
                : creating
                  ? 'Added to the estimated cost of each run your clients pay. Leave empty for the standard markup.'
                  : 'Added to the estimated cost of each run your clients pay, unless a client has its own.'
            }
            required={!readOnly && !creating}
            readOnly={readOnly}
            min={PUBLISHER_LIMITS.markupMin}
            max={PUBLISHER_LIMITS.markupMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls={readOnly}
            maw={{ sm: 360 }}
            {...form.getInputProps('default_markup_percent')}
          />

          {readOnly ? null : (
            <FormActions
              creating={creating}
              hasChanges={hasChanges}
              pending={pending}
              uploading={uploading}
              onReset={() => {
                form.setValues(baseline);
                form.clearErrors();
              }}
              submitLabel={creating ? 'Create Publisher' : 'Save'}
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
