import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  saveWebhookEndpointRequestSchema,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fieldbot/shared';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveWebhookEndpoint } from '../api/webhooks';

export interface EndpointFormDialogProps {
  /** null: closed; 'new': create; an endpoint: edit it. */
  endpoint: WebhookEndpoint | 'new' | null;
  onClose: () => void;
}

/** Add or edit an endpoint: its URL, a description and the events it receives. */
export function EndpointFormDialog({ endpoint, onClose }: EndpointFormDialogProps) {
  const editing = endpoint !== null && endpoint !== 'new' ? endpoint : null;
  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title={editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      centered
    >
      {endpoint !== null && (
        <EndpointForm key={editing?.id ?? 'new'} endpoint={editing} onDone={onClose} />
      )}
    </Modal>
  );
}

function EndpointForm({
  endpoint,
  onDone,
}: {
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
}) {
  const save = useSaveWebhookEndpoint(endpoint?.id ?? null);
  const form = useForm<{ url: string; description: string; event_types: WebhookEventType[] }>({
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      event_types: endpoint?.event_types ?? ['bot_result.completed'],
    },
    validate: zod4Resolver(saveWebhookEndpointRequestSchema),
  });
  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: ({ message }) => {
        if (message) notifySuccess(message);
        onDone();
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, ['url', 'description', 'event_types']);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Endpoint URL"
          description="Where Fieldbot POSTs the events. Use an https:// address."
          placeholder="https://example.com/fieldbot-webhooks"
          required
          data-autofocus
          type="url"
          maxLength={2000}
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          description="Optional: what receives the events."
          maxLength={200}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label="Events" required {...form.getInputProps('event_types')}>
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={`${WEBHOOK_EVENT_LABELS[type]} (${type})`}
                description={WEBHOOK_EVENT_DESCRIPTIONS[type]}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
