import {
  ROLE,
  companyCreateResponseSchema,
  companyCreateBodySchema,
  companyUpdateResponseSchema,
  companyUpdateSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companySettingsAudit } from '../audit-log/index.js';
import type { CompanyService } from './company.service.js';

export async function companyRoutes(app: FastifyInstance, deps: { company: CompanyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Company information is the first set-up step (spec §4), so both routes are open before set-up.
  r.post(
    '/api/company/create',
    {
      config: { auth: { roles: [ROLE.COMPANY_ADMIN], setup: 'any' } },
      schema: { body: companyCreateBodySchema, response: { 201: companyCreateResponseSchema } },
    },
    async (request, reply) => {
      const company = await deps.company.create(request.user!, request.body);
      return reply.status(201).send({ data: company });
    },
  );

  r.post(
    '/api/company/update',
    {
      config: { auth: { roles: [ROLE.COMPANY_ADMIN], setup: 'any' }, audit: companySettingsAudit },
      schema: { body: companyUpdateSchema, response: { 200: companyUpdateResponseSchema } },
    },
    async (request) => ({ message: await deps.company.update(request.user!, request.body) }),
  );
}
