import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { companyDashboardRoutes } from './company-dashboard.routes.js';
import { publisherDashboardRoutes } from './publisher-dashboard.routes.js';

/**
 * Dashboards: the company and publisher dashboards answer from the rollups
 * (rollup-refresh.ts, ADR 019) after refreshing the dirty days of the months they show.
 */
export async function registerDashboardsModule(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<AppConfig, 'billing'> },
) {
  await companyDashboardRoutes(app, {
    db: deps.db,
    pricePerMinuteCents: deps.config.billing.pricePerMinuteCents,
  });
  await publisherDashboardRoutes(app, { db: deps.db });
}
