import { teamInviteBodySchema } from '@fieldbot/shared';
import { InviteUserModal } from '@/components/user-list';
import { useInviteMember } from '../api/invite-member';
import { ASSIGNABLE_ROLE_OPTIONS } from '../lib/options';

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Invite by e-mail as Company Manager or Field Technician; the server mails the accept link. */
export function InviteMemberModal({ opened, onClose }: InviteMemberModalProps) {
  const invite = useInviteMember();
  return (
    <InviteUserModal
      opened={opened}
      onClose={onClose}
      schema={teamInviteBodySchema}
      roleOptions={ASSIGNABLE_ROLE_OPTIONS}
      invite={invite}
    />
  );
}
