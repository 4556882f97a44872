import {
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  deprecateBodySchema,
  earliestRetirementDay,
  latestRetirementDay,
} from '@fieldbot/shared';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeprecateVersion } from '../api/deprecate-version';
import { retirementDayError } from '../lib/deprecation';

export interface DeprecateVersionDialogProps {
  botId: string;
  /** The version to deprecate; null when the dialog is closed. */
  version: number | null;
  newestVersion: number;
  onClose: () => void;
}

/**
 * Deprecates an older version: the companies pinned to it get an e-mail and a banner,
 * and on the chosen day (at least 14 days ahead, UTC) their pin moves to the newest version.
 */
export function DeprecateVersionDialog({
  botId,
  version,
  newestVersion,
  onClose,
}: DeprecateVersionDialogProps) {
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={version === null ? 'Deprecate version' : `Deprecate v${version}`}
      centered
    >
      {version !== null ? (
        <DeprecateForm
          botId={botId}
          version={version}
          newestVersion={newestVersion}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DeprecateForm({
  botId,
  version,
  newestVersion,
  onClose,
}: {
  botId: string;
  version: number;
  newestVersion: number;
  onClose: () => void;
}) {
  const deprecate = useDeprecateVersion(botId);
  const earliest = earliestRetirementDay(new Date());
  const latest = latestRetirementDay(new Date());
  const form = useForm({
    initialValues: { retires_on: '', note: '' },
    validate: {
      retires_on: (value) => retirementDayError(value, new Date()),
      note: (value) =>
        value.trim().length > MARKETPLACE_LIMITS.deprecationNoteMax
          ? MARKETPLACE_MESSAGES.noteMaxed
          : null,
    },
  });

  const submit = form.onSubmit((values) => {
    deprecate.mutate(
      { number: version, body: deprecateBodySchema.parse(values) },
      {
        onSuccess: () => {
          notifySuccess(MARKETPLACE_MESSAGES.deprecated);
          onClose();
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, ['retires_on', 'note']);
          if (message) notifyError(message);
        },
      },
    );
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {`Companies on v${version} are told by e-mail and see a banner. On the retirement date their bot moves to v${newestVersion}.`}
        </Text>
        <TextInput
          type="date"
          label="Retirement date"
          description={`At least ${MARKETPLACE_LIMITS.deprecationMinDays} days and at most two years from today (UTC).`}
          required
          data-autofocus
          min={earliest}
          max={latest}
          {...form.getInputProps('retires_on')}
        />
        <Textarea
          label="Note to companies"
          description="Optional: why, and what changes for them."
          rows={3}
          resize="vertical"
          maxLength={MARKETPLACE_LIMITS.deprecationNoteMax}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={deprecate.isPending}>
            Deprecate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
