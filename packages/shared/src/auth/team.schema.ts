import { z } from 'zod';
import { roleSchema } from './user.schema';

export const TEAM_MEMBER_STATUSES = ['active', 'invited'] as const;

/** GET /api/company/team/{id}: a colleague as the team list and user detail show them. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  crm_user_id: z.string().nullable(),
  role: roleSchema,
  status: z.enum(TEAM_MEMBER_STATUSES),
  created_at: z.string(),
});

export const teamMemberResponseSchema = z.object({ data: teamMemberSchema });

export type TeamMember = z.infer<typeof teamMemberSchema>;
