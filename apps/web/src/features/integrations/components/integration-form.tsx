import {
  INTEGRATION_MESSAGES,
  allIntegrationValuesEmpty,
  validateIntegrationValues,
  type IntegrationDetail,
} from '@fieldbot/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconEdit, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { isApiError } from '@/lib/http';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveIntegration } from '../api/save-integration';
import { useSyncIntegration } from '../api/sync-integration';
import {
  hasSavedValues,
  initialValuesOf,
  localToday,
  type IntegrationValues,
} from '../lib/integration-form';
import { isConnected, isSyncBusy } from '../lib/sync-state';
import { EditConfirmModal } from './edit-confirm-modal';
import { IntegrationFieldInput } from './integration-field-input';

export interface IntegrationFormProps {
  detail: IntegrationDetail;
  /** Called once a sync has started: the dialog closes (spec §4 "Integration dialog"). */
  onSynced: () => void;
}

/** 422 messages of the dialog's fields, whether the server names them `tenant_id` or `values.tenant_id`. */
function serverFieldErrors(error: unknown, names: string[]): FormErrors | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const shown: FormErrors = {};
  for (const name of names) {
    const message = error.fieldError(name) ?? error.fieldError(`values.${name}`);
    if (message) shown[name] = message;
  }
  return Object.keys(shown).length > 0 ? shown : null;
}

/**
 * The integration's required fields (spec §4 "Integration dialog", §5 "Integration fields"): edit
 * mode when nothing is saved yet, otherwise read-only until Edit is confirmed; Save returns to
 * read-only, Sync starts a sync.
 */
export function IntegrationForm({ detail, onSynced }: IntegrationFormProps) {
  const fields = detail.required_fields;
  const names = useMemo(() => fields.map((f) => f.name), [fields]);
  const today = localToday();
  const [editing, setEditing] = useState(() => !hasSavedValues(detail));
  const [confirming, setConfirming] = useState(false);
  const save = useSaveIntegration();
  const sync = useSyncIntegration();

  const form = useForm<IntegrationValues>({
    initialValues: initialValuesOf(detail),
    validate: (values) => validateIntegrationValues(fields, values, localToday()),
  });

  const submit = form.onSubmit((values) => {
    // Spec §5: nothing to store, nothing to send.
    if (allIntegrationValuesEmpty(values)) return;
    save.mutate(
      { integration_id: detail.integration_id, values },
      {
        onSuccess: ({ message, data }) => {
          // The detail query already holds `data` (useSaveIntegration), so Sync follows it.
          notifySuccess(message || INTEGRATION_MESSAGES.saved);
          const saved = initialValuesOf(data);
          form.setInitialValues(saved);
          form.setValues(saved);
          setEditing(false);
        },
        onError: (error) => {
          const shown = serverFieldErrors(error, names);
          if (shown) form.setErrors(shown);
          else notifyError(error);
        },
      },
    );
  }, focusFirstError(form));

  const cancelEdit = () => {
    form.reset();
    setEditing(false);
  };

  const startSync = () =>
    sync.mutate(detail.integration_id, {
      onSuccess: onSynced,
    });

  const syncing = isSyncBusy(detail) || sync.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={`${detail.name} details`}>
      <Stack gap="md">
        {fields.map((field) => (
          <IntegrationFieldInput
            key={field.name}
            field={field}
            today={today}
            readOnly={!editing}
            value={form.values[field.name] ?? ''}
            error={form.errors[field.name] as string | undefined}
            onChange={(value) => form.setFieldValue(field.name, value)}
            onBlur={() => form.validateField(field.name)}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          {editing ? (
            <>
              {hasSavedValues(detail) && (
                <Button variant="default" onClick={cancelEdit} disabled={save.isPending}>
                  Cancel
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="default"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Edit
              </Button>
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                disabled={!isConnected(detail) || syncing}
                loading={sync.isPending}
                onClick={startSync}
              >
                {syncing ? 'Syncing' : 'Sync'}
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <EditConfirmModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setEditing(true);
        }}
      />
    </form>
  );
}
