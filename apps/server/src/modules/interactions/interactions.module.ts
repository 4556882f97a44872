import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { createRedactionReader } from '../privacy-settings/index.js';
import { createInteractionsRepo } from './interactions.repo.js';
import { interactionsRoutes } from './interactions.routes.js';
import { createInteractionsService } from './interactions.service.js';

/** Recordings and calls, their transcripts and audio: builds the service, registers the routes. */
export async function registerInteractionsModule(
  app: FastifyInstance,
  deps: { db: Db; storage: StorageProvider },
) {
  await interactionsRoutes(app, {
    interactions: createInteractionsService({
      repo: createInteractionsRepo(deps.db),
      storage: deps.storage,
      redactionOf: createRedactionReader(deps.db),
    }),
  });
}
