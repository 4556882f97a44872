import { z } from 'zod';
import { ROLE, ROLE_TITLES } from '../auth/roles';
import { roleSchema } from '../auth/user.schema';
import {
  SORT_DIRECTIONS,
  blankToUndefined,
  choice,
  keywordSchema,
  pageSchema,
} from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';
import { emailSchema, phoneSchema, profileNameSchema } from '../validation/validators';
import { TEAM_MEMBER_STATUSES } from './team-member.schema';

/** The roles of a company's team (spec §6 company-side roles), as the team list filter offers them. */
export const TEAM_ROLES = [ROLE.COMPANY_ADMIN, ROLE.MANAGER, ROLE.FIELD_TEAM] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles a company admin may invite or give a colleague: never another admin. */
export const ASSIGNABLE_TEAM_ROLES = [ROLE.MANAGER, ROLE.FIELD_TEAM] as const;
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

export const ASSIGNABLE_TEAM_ROLE_OPTIONS = ASSIGNABLE_TEAM_ROLES.map((value) => ({
  value,
  label: ROLE_TITLES[value],
}));

export const TEAM_ROLE_OPTIONS = TEAM_ROLES.map((value) => ({ value, label: ROLE_TITLES[value] }));

export const TEAM_SORT_FIELDS = ['name', 'email', 'role', 'status', 'last_active'] as const;
export type TeamSortField = (typeof TEAM_SORT_FIELDS)[number];

/** An invitation may be sent again at most once per this many seconds. */
export const INVITE_RESEND_INTERVAL_SECONDS = 60;
/** How long an invitation link stays usable. */
export const INVITATION_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  invited: 'Invitation sent successfully',
  resent: 'Invitation resent successfully',
  revoked: 'Invitation revoked successfully',
  updated: 'User updated successfully',
  invitationNotFound: 'Invitation not found',
  ownRole: 'You cannot change your own role.',
  adminRole: 'The role of a Company Admin cannot be changed here.',
  lastAdmin: 'The company must keep at least one Company Admin.',
  resendTooSoon: (seconds: number) =>
    `Please wait ${seconds} seconds before sending this invitation again.`,
} as const;

/** GET /api/company/team?page&keyword&status&role&sort_by&sort_direction */
export const teamListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  status: choice(TEAM_MEMBER_STATUSES),
  role: choice(TEAM_ROLES),
  sort_by: z.preprocess(
    blankToUndefined,
    z.enum(TEAM_SORT_FIELDS, { error: MESSAGES.selectValidValue }).default('name'),
  ),
  sort_direction: z.preprocess(
    blankToUndefined,
    z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).default('asc'),
  ),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

/**
 * One row of the team list: a user of the company (kind 'user', id = user id) or a pending
 * invitation to an address that has no account yet (kind 'invitation', id = invitation id).
 */
export const teamListItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'invitation']),
  /** Null for an invitation: the invitee chooses a name when accepting. */
  name: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** ISO time; null when never active (and for invitations). */
  last_active_at: z.string().nullable(),
  crm_user_id: z.string().nullable(),
  /** The pending invitation of this row (invitation rows, and CRM users invited since): last sent. */
  invitation: z.object({ id: z.string(), sent_at: z.string(), expires_at: z.string() }).nullable(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;

export const teamStatusCountsSchema = z.object({
  active: z.number().int(),
  invited: z.number().int(),
  'not-invited': z.number().int(),
});

export const teamListResponseSchema = z.object({
  data: z.object({
    items: z.array(teamListItemSchema),
    /** Rows matching the search and filters (the pagination total). */
    count: z.number().int(),
    /** The whole team per status, whatever the search and filters. */
    counts: teamStatusCountsSchema,
  }),
});
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, { error: MESSAGES.invalidValue });

const assignableRoleSchema = z.enum(ASSIGNABLE_TEAM_ROLES, { error: MESSAGES.selectValidValue });

/** POST /api/company/team/invite */
export const teamInviteBodySchema = body({
  email: emailSchema,
  role_alias: assignableRoleSchema,
});
export type TeamInviteBody = z.infer<typeof teamInviteBodySchema>;

export const invitationParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
});

/** POST /api/company/team/update (spec §7): only changed fields are sent. */
export const teamUpdateBodySchema = body({
  id: z.string({ error: MESSAGES.required }).max(64, MESSAGES.invalidValue),
  name: z.optional(profileNameSchema),
  phone: z.optional(phoneSchema),
  role_alias: assignableRoleSchema.optional(),
});
export type TeamUpdateBody = z.infer<typeof teamUpdateBodySchema>;

export const teamMessageResponseSchema = z.object({ message: z.string() });
