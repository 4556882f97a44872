import { ROLE, teamMemberParamsSchema, teamMemberResponseSchema } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CompanyService } from './company.service.js';

export async function companyRoutes(app: FastifyInstance, deps: { company: CompanyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/team/:id',
    {
      config: {
        auth: { roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER], permission: 'teams.manage' },
      },
      schema: {
        params: teamMemberParamsSchema,
        response: { 200: teamMemberResponseSchema },
      },
    },
    async (request) => ({
      data: await deps.company.teamMember(request.user!, request.params.id),
    }),
  );
}
