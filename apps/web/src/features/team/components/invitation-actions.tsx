import type { TeamListItem } from '@fieldbot/shared';
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useInvitationAction, type InvitationAction } from '../api/invitation-actions';

/** Resend and Revoke of a pending invitation (company admin only); Revoke asks first. */
export function InvitationActions({ row }: { row: TeamListItem }) {
  const action = useInvitationAction();
  const [confirming, setConfirming] = useState(false);
  const invitationId = row.invitation!.id;

  const run = (kind: InvitationAction) =>
    action.mutate(
      { id: invitationId, action: kind },
      {
        onSuccess: ({ message }) => {
          setConfirming(false);
          notifySuccess(message);
        },
        onError: (error) => notifyError(error),
      },
    );

  const busy = (kind: InvitationAction) => action.isPending && action.variables?.action === kind;

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Resend invitation">
        <ActionIcon
          variant="subtle"
          aria-label={`Resend invitation to ${row.email}`}
          loading={busy('resend')}
          disabled={action.isPending}
          onClick={() => run('resend')}
        >
          <IconMailForward size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Revoke invitation">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Revoke invitation to ${row.email}`}
          disabled={action.isPending}
          onClick={() => setConfirming(true)}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke invitation"
        centered
      >
        <Stack>
          <Text size="sm">
            {`The invitation link sent to ${row.email} will stop working. You can invite this address again later.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy('revoke')} onClick={() => run('revoke')}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
