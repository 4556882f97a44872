import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/** First-party usage analytics: builds the service and registers its route. */
export async function registerAnalyticsModule(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<AppConfig, 'analyticsEventsPerUserHour'> },
) {
  await analyticsRoutes(app, {
    analytics: createAnalyticsService({
      repo: createAnalyticsRepo(deps.db),
      perUserHour: deps.config.analyticsEventsPerUserHour,
    }),
  });
}
