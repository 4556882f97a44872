import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { createRecordingsRepo } from './recordings.repo.js';
import { recordingRoutes } from './recordings.routes.js';
import { createRecordingsService, type PipelineQueue } from './recordings.service.js';

/** New field recordings and call downloads, queued to the pipeline: builds the service, registers the routes. */
export async function registerRecordingsModule(
  app: FastifyInstance,
  deps: { db: Db; storage: StorageProvider; pipeline: PipelineQueue },
) {
  await recordingRoutes(app, {
    recordings: createRecordingsService({
      repo: createRecordingsRepo(deps.db),
      storage: deps.storage,
      pipeline: deps.pipeline,
    }),
  });
}
