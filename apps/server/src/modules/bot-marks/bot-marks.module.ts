import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createBotMarksRepo } from './bot-marks.repo.js';
import { botMarksRoutes } from './bot-marks.routes.js';
import { createBotMarksService, type BotMarksService } from './bot-marks.service.js';

/** Reviewers' marks as labelled examples of bot versions: the service other modules read. */
export function createBotMarks(db: Db): BotMarksService {
  return createBotMarksService({ repo: createBotMarksRepo(db) });
}

/** The Missed-mark routes of the company side. */
export async function registerBotMarksModule(
  app: FastifyInstance,
  deps: { marks: BotMarksService },
) {
  await botMarksRoutes(app, deps);
}
