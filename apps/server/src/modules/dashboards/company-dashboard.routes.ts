import {
  ROLE,
  companyDashboardPath,
  companyDashboardResponseSchema,
  dashboardQuerySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { RouteAuth } from '../../plugins/types.js';
import { createCompanyDashboardRepo } from './company-dashboard.repo.js';
import { createCompanyDashboardService } from './company-dashboard.service.js';

/** Admins and managers see the company; a field technician sees their own figures. */
const auth: RouteAuth = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER, ROLE.FIELD_TEAM],
  permission: 'dashboard.view',
};

export async function companyDashboardRoutes(
  app: FastifyInstance,
  deps: { db: Db; pricePerMinuteCents: number },
) {
  const dashboard = createCompanyDashboardService({
    db: deps.db,
    repo: createCompanyDashboardRepo(deps.db),
    pricePerMinuteCents: deps.pricePerMinuteCents,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    companyDashboardPath,
    {
      config: { auth },
      schema: {
        querystring: dashboardQuerySchema,
        response: { 200: companyDashboardResponseSchema },
      },
    },
    async (request) => ({ data: await dashboard.dashboard(request.user!, request.query.month) }),
  );
}
