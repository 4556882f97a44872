import { WEBHOOK_MESSAGES } from '@fieldbot/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CopyField } from '@/components/forms/copy-field';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { formatTimestamp } from '@/lib/format-date';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/webhooks';

/** The endpoint's signing secret: hidden until asked for, with copy and rotate. */
export function SigningSecret({ endpointId, label }: { endpointId: string; label: string }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useWebhookSecret(endpointId, shown);
  const rotate = useRotateWebhookSecret(endpointId);
  const value = shown ? secret.data?.data.secret : undefined;
  const previousUntil = secret.data?.data.previous_secret_expires_at ?? null;

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          Signing secret
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? 'Hide' : 'Reveal'} signing secret of ${label}`}
        >
          {shown ? 'Hide' : 'Reveal'}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="orange"
          onClick={() => setConfirming(true)}
          aria-label={`Rotate signing secret of ${label}`}
        >
          Rotate
        </Button>
      </Group>
      {shown && secret.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(secret.error)}
        </Text>
      )}
      {shown && !secret.isError && (
        <CopyField
          aria-label={`Signing secret of ${label}`}
          value={value ?? 'Loading…'}
          what="signing secret"
          monospace
          copyable={Boolean(value)}
          data-testid="webhook-secret"
        />
      )}
      {shown && previousUntil && (
        <Text size="xs" c="dimmed">
          {`The previous secret also signs until ${formatTimestamp(previousUntil)}.`}
        </Text>
      )}
      <ConfirmModal
        opened={confirming}
        title="Rotate signing secret"
        confirmLabel="Rotate"
        color="orange"
        loading={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(WEBHOOK_MESSAGES.rotated);
              setShown(true);
            },
            onSettled: () => setConfirming(false),
          })
        }
        onClose={() => setConfirming(false)}
      >
        A new secret is made now. For 24 hours every delivery is signed with both the new and the
        current secret, so you can update your receiver without missing events.
      </ConfirmModal>
    </Stack>
  );
}
