import { ROLE, capacityStatusResponseSchema } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CapacityService } from './capacity.service.js';

export async function capacityRoutes(app: FastifyInstance, deps: { capacity: CapacityService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Open before set-up and while payment is due: the admin raising a limit needs to see it.
  r.get(
    '/api/company/capacity',
    {
      config: { auth: { roles: [ROLE.COMPANY_ADMIN], setup: 'any' } },
      schema: { response: { 200: capacityStatusResponseSchema } },
    },
    async (request) => ({ data: await deps.capacity.status(request.user!.company?.id) }),
  );
}
