import { INTEGRATION_MESSAGES, cannotReceiveInvitation, type TeamListItem } from '@fieldbot/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useInviteNotInvitedMember } from '../api/invite-not-invited-member';

/** Invite of a Not Invited member (a technician the CRM sync created), company admin only. */
export function MemberInviteAction({ row }: { row: TeamListItem }) {
  const invite = useInviteNotInvitedMember();
  const noEmail = cannotReceiveInvitation(row.email);
  return (
    <Tooltip
      label={noEmail ? INTEGRATION_MESSAGES.technicianNoEmail : 'Invite by e-mail'}
      multiline
      w={noEmail ? 260 : undefined}
    >
      {/* A disabled button gets no pointer events: the wrapper keeps the tooltip reachable. */}
      <span style={{ display: 'inline-flex' }}>
        <ActionIcon
          variant="subtle"
          aria-label={`Invite ${row.name ?? row.email}`}
          loading={invite.isPending}
          disabled={noEmail}
          onClick={() =>
            invite.mutate(row.id, {
              onSuccess: ({ message }) => notifySuccess(message),
              onError: (error) => notifyError(error),
            })
          }
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </span>
    </Tooltip>
  );
}
