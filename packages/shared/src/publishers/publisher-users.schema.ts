import { z } from 'zod';
import { ROLE, ROLE_TITLES } from '../auth/roles';
import { MESSAGES } from '../validation/messages';
import { emailSchema } from '../validation/validators';
import { choice } from '../interactions/interaction.schema';
import {
  TEAM_MESSAGES,
  invitationParamsSchema,
  teamListItemSchema,
  teamListQuerySchema,
  teamStatusCountsSchema,
} from '../team/team.schema';

/** Publisher users: a publisher's team holds these two roles. */
export const PUBLISHER_ROLES = [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER] as const;
export type PublisherRole = (typeof PUBLISHER_ROLES)[number];

export const PUBLISHER_ROLE_OPTIONS = PUBLISHER_ROLES.map((value) => ({
  value,
  label: ROLE_TITLES[value],
}));

export const PUBLISHER_USER_MESSAGES = {
  invited: TEAM_MESSAGES.invited,
  resent: TEAM_MESSAGES.resent,
  revoked: TEAM_MESSAGES.revoked,
  invitationNotFound: TEAM_MESSAGES.invitationNotFound,
  resendTooSoon: TEAM_MESSAGES.resendTooSoon,
  ownRole: TEAM_MESSAGES.ownRole,
  roleChanged: 'Role updated successfully',
  removed: 'User removed successfully',
  removeSelf: 'You cannot remove yourself.',
  lastAdmin: 'The publisher must keep at least one Publisher Admin.',
  userNotFound: 'User not found',
  memberElsewhere: 'This e-mail address already belongs to another account.',
} as const;

/** GET /api/publisher/users?page&keyword&status&role&sort_by&sort_direction (the team list's query). */
export const publisherUserListQuerySchema = teamListQuerySchema.extend({
  role: choice(PUBLISHER_ROLES),
});
export type PublisherUserListQuery = z.infer<typeof publisherUserListQuerySchema>;

/** A user of the publisher (kind 'user') or a pending invitation (kind 'invitation'). */
export const publisherUserListItemSchema = teamListItemSchema.omit({ crm_user_id: true });
export type PublisherUserListItem = z.infer<typeof publisherUserListItemSchema>;

export const publisherUserListResponseSchema = z.object({
  data: z.object({
    items: z.array(publisherUserListItemSchema),
    count: z.number().int(),
    counts: teamStatusCountsSchema,
  }),
});
export type PublisherUserListResponse = z.infer<typeof publisherUserListResponseSchema>;

const publisherRoleSchema = z.enum(PUBLISHER_ROLES, { error: MESSAGES.selectValidValue });

/** POST /api/publisher/users/invite */
export const publisherInviteBodySchema = z.object(
  { email: emailSchema, role_alias: publisherRoleSchema },
  { error: MESSAGES.invalidValue },
);
export type PublisherInviteBody = z.infer<typeof publisherInviteBodySchema>;

/** POST /api/publisher/users/{id}/role (audited) */
export const publisherUserRoleBodySchema = z.object(
  { role_alias: publisherRoleSchema },
  { error: MESSAGES.invalidValue },
);
export type PublisherUserRoleBody = z.infer<typeof publisherUserRoleBodySchema>;

export const publisherUserParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
});
export { invitationParamsSchema as publisherInvitationParamsSchema };

export const publisherUsersPath = '/api/publisher/users';
export const publisherInvitePath = '/api/publisher/users/invite';
export const publisherUserRolePath = (id: string) => `/api/publisher/users/${id}/role`;
export const publisherUserPath = (id: string) => `/api/publisher/users/${id}`;
export const publisherInvitationResendPath = (id: string) =>
  `/api/publisher/users/invitations/${id}/resend`;
export const publisherInvitationRevokePath = (id: string) =>
  `/api/publisher/users/invitations/${id}/revoke`;
