import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BotMarksService } from '../bot-marks/index.js';
import { createBotRunsRepo } from './bot-runs.repo.js';
import { botRunsRoutes } from './bot-runs.routes.js';
import { createBotRunsService, type BotRunQueue } from './bot-runs.service.js';

/** Running subscribed bots and reading their results: builds the service, registers the routes. */
export async function registerBotRunsModule(
  app: FastifyInstance,
  deps: { db: Db; queue: BotRunQueue; marks: BotMarksService },
) {
  await botRunsRoutes(app, {
    botRuns: createBotRunsService({
      repo: createBotRunsRepo(deps.db),
      queue: deps.queue,
      marks: deps.marks,
    }),
  });
}
