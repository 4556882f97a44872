import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createBotRunsRepo } from '../bot-runs/index.js';
import { createReferenceDataRepo } from './reference-data.repo.js';
import { referenceDataRoutes } from './reference-data.routes.js';
import { createReferenceDataService } from './reference-data.service.js';

/** The option lists behind GET /api/data: builds the service and registers its route. */
export async function registerReferenceDataModule(app: FastifyInstance, deps: { db: Db }) {
  const botRuns = createBotRunsRepo(deps.db);
  await referenceDataRoutes(app, {
    referenceData: createReferenceDataService({
      repo: createReferenceDataRepo(deps.db),
      companyBots: (companyId) => botRuns.companyBots(companyId),
    }),
  });
}
