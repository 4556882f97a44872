import {
  API_KEY_LIMITS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyRequestSchema,
  type ApiKeyScope,
} from '@fieldbot/shared';
import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CopyField } from '@/components/forms/copy-field';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError } from '@/lib/notify';
import { useCreateApiKey } from '../api/api-keys';

/** Shown with the new key: it is not stored, so it can never be shown again. */
export const SHOWN_ONCE_WARNING =
  'Copy this key now and keep it somewhere safe. It will not be shown again.';

export interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Create a key (name and scopes), then show it once with a copy button. */
export function CreateApiKeyDialog({ opened, onClose }: CreateApiKeyDialogProps) {
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const close = () => {
    // The key leaves memory with the dialog.
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API key'}
      centered
      // A stray click outside must not throw the only copy of the key away.
      closeOnClickOutside={!created}
    >
      {created ? (
        <ShowKey name={created.name} apiKey={created.key} onDone={close} />
      ) : (
        <CreateForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: { name: string; key: string }) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<{ name: string; scopes: ApiKeyScope[] }>({
    initialValues: { name: '', scopes: ['interactions:read'] },
    validate: zod4Resolver(createApiKeyRequestSchema),
  });
  const submit = form.onSubmit((values) => {
    create.mutate(createApiKeyRequestSchema.parse(values), {
      // The dialog itself says it worked: it turns into the key (no toast over it).
      onSuccess: ({ data }) => onCreated({ name: data.api_key.name, key: data.key }),
      onError: (error) => {
        const message = applyServerErrors(form, error, ['name', 'scopes']);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          description="What uses the key, e.g. “Data warehouse sync”."
          required
          data-autofocus
          maxLength={API_KEY_LIMITS.nameMax}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="Scopes"
          description="What the key may read. Every key reads only your company's data."
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={API_KEY_SCOPE_LABELS[scope].label}
                description={API_KEY_SCOPE_LABELS[scope].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShowKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
        {SHOWN_ONCE_WARNING}
      </Alert>
      <CopyField
        label={`API key “${name}”`}
        value={apiKey}
        what="API key"
        monospace
        data-testid="new-api-key"
      />
      <Text size="sm" c="dimmed">
        Send it in the <Code>Authorization</Code> header as <Code>Bearer &lt;key&gt;</Code>.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
