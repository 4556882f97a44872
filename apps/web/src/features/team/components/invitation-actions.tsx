import type { TeamListItem } from '@fieldbot/shared';
import { InvitationActions as InvitationButtons } from '@/components/user-list';
import { useInvitationAction } from '../api/invitation-actions';

/** Resend and Revoke of a pending invitation (company admin only). */
export function InvitationActions({ row }: { row: TeamListItem }) {
  const action = useInvitationAction();
  return <InvitationButtons email={row.email} invitationId={row.invitation!.id} action={action} />;
}
