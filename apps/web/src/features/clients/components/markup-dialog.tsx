import {
  CLIENT_MESSAGES,
  PUBLISHER_LIMITS,
  markupPercentSchema,
  type ClientDetail,
} from '@fieldbot/shared';
import { Button, Checkbox, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateClientMarkup } from '../api/update-client-markup';

export interface MarkupDialogProps {
  client: ClientDetail;
  opened: boolean;
  onClose: () => void;
}

/** Sets this client's markup override, or clears it so the publisher's default applies again. */
export function MarkupDialog({ client, opened, onClose }: MarkupDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit markup" centered>
      {/* Mounted per opening: each starts from the saved markup. */}
      {opened ? <MarkupForm client={client} onClose={onClose} /> : null}
    </Modal>
  );
}

interface MarkupValues {
  use_default: boolean;
  markup_percent: string | number;
}

function MarkupForm({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const update = useUpdateClientMarkup(client.id);
  const form = useForm<MarkupValues>({
    initialValues: {
      use_default: !client.markup_overridden,
      markup_percent: client.markup_percent,
    },
    validate: {
      markup_percent: (value, values) => {
        if (values.use_default) return null;
        const parsed = markupPercentSchema.safeParse(value === '' ? undefined : Number(value));
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      },
    },
  });

  const submit = form.onSubmit((values) => {
    const markup = values.use_default ? null : Number(values.markup_percent);
    update.mutate(
      { markup_percent: markup },
      {
        onSuccess: () => {
          notifySuccess(CLIENT_MESSAGES.markupSaved);
          onClose();
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, ['markup_percent']);
          if (message) notifyError(message);
        },
      },
    );
  }, focusFirstError(form));

  const useDefault = form.values.use_default;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox
          label={`Use the default markup (${client.default_markup_percent}%)`}
          {...form.getInputProps('use_default', { type: 'checkbox' })}
        />
        <NumberInput
          label="Markup for this client"
          description="Percent added to the estimated cost of each run."
          suffix="%"
          min={PUBLISHER_LIMITS.markupMin}
          max={PUBLISHER_LIMITS.markupMax}
          allowDecimal={false}
          allowNegative={false}
          disabled={useDefault}
          required={!useDefault}
          {...form.getInputProps('markup_percent')}
          value={useDefault ? client.default_markup_percent : form.values.markup_percent}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
