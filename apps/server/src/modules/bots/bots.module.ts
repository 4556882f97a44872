import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { BotEngines } from '../../providers/bot-engine/index.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import type { BotMarksService } from '../bot-marks/index.js';
import { createExampleBuilder } from './bot-example.js';
import { createBotFilesService } from './bot-files.service.js';
import { createBotTestRunService } from './bot-test-run.service.js';
import { createBotsRepo } from './bots.repo.js';
import { botsRoutes } from './bots.routes.js';
import { createBotsService } from './bots.service.js';
import { demoSampleTranscripts } from './sample-transcripts.js';
import { createTestRunLimiter } from './test-run-limit.js';

/** The publisher side of bots: builds the module's services and registers its routes. */
export async function registerBotsModule(
  app: FastifyInstance,
  deps: { db: Db; storage: StorageProvider; engines: BotEngines; marks: BotMarksService },
) {
  const repo = createBotsRepo(deps.db);
  const bots = createBotsService({
    repo,
    marks: deps.marks,
    buildExample: createExampleBuilder({ engines: deps.engines, samples: demoSampleTranscripts }),
  });
  await botsRoutes(app, {
    bots,
    files: createBotFilesService({ repo, storage: deps.storage, view: bots.view }),
    testRuns: createBotTestRunService({
      repo,
      engines: deps.engines,
      limiter: createTestRunLimiter(),
      samples: demoSampleTranscripts,
    }),
  });
}
