import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createAddressProvider } from '../../providers/address/index.js';
import { createAddressRepo } from './address.repo.js';
import { addressRoutes } from './address.routes.js';
import { createAddressService } from './address.service.js';

/** Address search for the company form: builds the provider and service, registers the route. */
export async function registerAddressModule(
  app: FastifyInstance,
  deps: { db: Db; config: AppConfig },
) {
  await addressRoutes(app, {
    address: createAddressService({
      provider: createAddressProvider(deps.config, createAddressRepo(deps.db)),
      searchesPerMinute: deps.config.address.searchesPerMinute,
    }),
  });
}
