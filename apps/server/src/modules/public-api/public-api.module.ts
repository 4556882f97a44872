import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPublicApiRepo } from './public-api.repo.js';
import { publicApiRoutes } from './public-api.routes.js';
import { createPublicApiService } from './public-api.service.js';

/** The versioned read API, /api/v1: Bearer API keys, company-scoped by the key. */
export async function registerPublicApiModule(app: FastifyInstance, deps: { db: Db }) {
  await publicApiRoutes(app, {
    api: createPublicApiService({ repo: createPublicApiRepo(deps.db) }),
  });
}
