import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { notifyError, notifySuccess } from '@/lib/notify';

export type InvitationAction = 'resend' | 'revoke';

export interface InvitationActionVariables {
  id: string;
  action: InvitationAction;
}

/** The part of a list's resend/revoke mutation the buttons use. */
export interface InvitationActionMutation {
  mutate: (
    variables: InvitationActionVariables,
    callbacks: {
      onSuccess: (result: { message: string }) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
  isPending: boolean;
  variables?: InvitationActionVariables;
}

export interface InvitationActionsProps {
  /** The invited address, named in the buttons and the confirmation. */
  email: string;
  invitationId: string;
  action: InvitationActionMutation;
}

/** Resend and Revoke of a pending invitation, each toasting the server's message; Revoke asks first. */
export function InvitationActions({ email, invitationId, action }: InvitationActionsProps) {
  const [confirming, setConfirming] = useState(false);

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
          aria-label={`Resend invitation to ${email}`}
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
          aria-label={`Revoke invitation to ${email}`}
          disabled={action.isPending}
          onClick={() => setConfirming(true)}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke invitation"
        confirmLabel="Revoke"
        color="red"
        loading={busy('revoke')}
        onConfirm={() => run('revoke')}
      >
        {`The invitation link sent to ${email} will stop working. You can invite this address again later.`}
      </ConfirmModal>
    </Group>
  );
}
