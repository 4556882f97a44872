import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createSearchRepo } from './search.repo.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService } from './search.service.js';

/** Search every conversation: builds the service and registers its routes. */
export async function registerSearchModule(app: FastifyInstance, deps: { db: Db }) {
  await searchRoutes(app, { search: createSearchService({ repo: createSearchRepo(deps.db) }) });
}
