import {
  CLIENT_MESSAGES,
  PUBLISHER_LIMITS,
  markupPercentSchema,
  type ClientDetail,
} from '@fieldbot/shared';
import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '@/lib/notify';
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

function MarkupForm({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const update = useUpdateClientMarkup(client.id);
  const [useDefault, setUseDefault] = useState(!client.markup_overridden);
  const [value, setValue] = useState<string | number>(client.markup_percent);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    let markup: number | null = null;
    if (!useDefault) {
      const parsed = markupPercentSchema.safeParse(value === '' ? undefined : Number(value));
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? null);
        return;
      }
      markup = parsed.data;
    }
    setError(null);
    update.mutate(
      { markup_percent: markup },
      {
        onSuccess: () => {
          notifySuccess(CLIENT_MESSAGES.markupSaved);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox
          label={`Use the default markup (${client.default_markup_percent}%)`}
          checked={useDefault}
          onChange={(event) => {
            setUseDefault(event.currentTarget.checked);
            setError(null);
          }}
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
          value={useDefault ? client.default_markup_percent : value}
          onChange={setValue}
          error={useDefault ? null : error}
        />
        {useDefault && error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
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
