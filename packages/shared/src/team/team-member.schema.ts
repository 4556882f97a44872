// zod/mini, not classic zod: the member schema builds on the user schema, which the login page loads.
import * as z from 'zod/mini';
import { userSchema } from '../auth/user.schema';

/** Spec §3 option list "status": Active / Invited / Not Invited. */
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'not-invited'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** GET /api/company/team/{id}: a colleague as the team list and user detail show them. */
export const teamMemberSchema = z.extend(
  z.pick(userSchema, {
    id: true,
    name: true,
    email: true,
    image: true,
    phone: true,
    crm_user_id: true,
    role: true,
    created_at: true,
  }),
  {
    status: z.enum(TEAM_MEMBER_STATUSES),
    /** ISO time of the last login or request; null when never. */
    last_active_at: z.nullable(z.string()),
  },
);

export const teamMemberResponseSchema = z.object({ data: teamMemberSchema });

export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/company/team/{id}: the colleague's id as the URL carries it. */
export const teamMemberParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) });
