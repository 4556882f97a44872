import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createBotBackRunsRepo } from './bot-back-runs.repo.js';
import { botBackRunsRoutes } from './bot-back-runs.routes.js';
import { createBotBackRunsService, type BackRunStartQueue } from './bot-back-runs.service.js';

/** Running bots over past interactions: builds the service and registers its routes. */
export async function registerBotBackRunsModule(
  app: FastifyInstance,
  deps: { db: Db; queue: BackRunStartQueue },
) {
  await botBackRunsRoutes(app, {
    backRuns: createBotBackRunsService({
      repo: createBotBackRunsRepo(deps.db),
      queue: deps.queue,
    }),
  });
}
