// zod/mini, not classic zod: the login page loads these schemas (see validation/validators.ts).
import * as z from 'zod/mini';
import { userSchema } from './user.schema';

export const TEAM_MEMBER_STATUSES = ['active', 'invited'] as const;

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
  { status: z.enum(TEAM_MEMBER_STATUSES) },
);

export const teamMemberResponseSchema = z.object({ data: teamMemberSchema });

export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/company/team/{id}: the colleague's id as the URL carries it. */
export const teamMemberParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) });
