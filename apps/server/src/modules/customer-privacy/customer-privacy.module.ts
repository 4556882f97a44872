import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { createCustomerPrivacyRepo } from './customer-privacy.repo.js';
import { customerPrivacyRoutes } from './customer-privacy.routes.js';
import {
  createCustomerPrivacyService,
  type CustomerDeletionQueue,
} from './customer-privacy.service.js';

export async function registerCustomerPrivacyModule(
  app: FastifyInstance,
  deps: { db: Db; storage: StorageProvider; queue: CustomerDeletionQueue },
) {
  await customerPrivacyRoutes(app, {
    privacy: createCustomerPrivacyService({
      db: deps.db,
      repo: createCustomerPrivacyRepo(deps.db),
      storage: deps.storage,
      queue: deps.queue,
    }),
  });
}
