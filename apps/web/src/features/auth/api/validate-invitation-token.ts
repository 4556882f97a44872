import { invitationValidityResponseSchema } from '@fieldbot/shared';
import { http } from '@/lib/http';

/** POST api/user/validate-publisher-invitation-token {invitation_token} → {data: {is_valid}}. */
export async function validateInvitationToken(invitationToken: string): Promise<boolean> {
  const { data } = await http.post(
    '/api/user/validate-publisher-invitation-token',
    { invitation_token: invitationToken },
    invitationValidityResponseSchema,
  );
  return data.is_valid;
}
