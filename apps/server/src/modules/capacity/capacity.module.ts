import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { capacityRoutes } from './capacity.routes.js';
import { createCapacityService } from './capacity.service.js';

/** A company's usage limits: builds the service and registers its routes. */
export async function registerCapacityModule(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<AppConfig, 'billing'> },
) {
  await capacityRoutes(app, {
    capacity: createCapacityService({
      db: deps.db,
      pricePerMinuteCents: deps.config.billing.pricePerMinuteCents,
    }),
  });
}
