import { ROLE } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanyService } from './company.service.js';

/** Response allow-list for a team member (spec §7 "user detail"). */
export const teamMemberResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    phone: z.string().nullable(),
    crm_user_id: z.string().nullable(),
    role: z.object({ alias: z.string(), title: z.string() }),
    status: z.enum(['active', 'invited']),
    created_at: z.string(),
  }),
});

export async function companyRoutes(app: FastifyInstance, deps: { company: CompanyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/team/:id',
    {
      config: {
        auth: { roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER], permission: 'teams.manage' },
      },
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: teamMemberResponseSchema },
      },
    },
    async (request) => ({
      data: await deps.company.teamMember(request.user!, request.params.id),
    }),
  );
}
