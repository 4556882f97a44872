import {
  ROLE,
  dashboardQuerySchema,
  publisherDashboardPath,
  publisherDashboardResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { RouteAuth } from '../../plugins/types.js';
import { createPublisherDashboardRepo } from './publisher-dashboard.repo.js';
import { createPublisherDashboardService } from './publisher-dashboard.service.js';

/** Both publisher roles; every figure is scoped to the user's publisher. */
const auth: RouteAuth = {
  roles: [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER],
  permission: 'dashboard.view',
};

export async function publisherDashboardRoutes(app: FastifyInstance, deps: { db: Db }) {
  const dashboard = createPublisherDashboardService({
    db: deps.db,
    repo: createPublisherDashboardRepo(deps.db),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    publisherDashboardPath,
    {
      config: { auth },
      schema: {
        querystring: dashboardQuerySchema,
        response: { 200: publisherDashboardResponseSchema },
      },
    },
    async (request) => ({ data: await dashboard.month(request.user!, request.query.month) }),
  );
}
