import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createClientsRepo } from './clients.repo.js';
import { clientsRoutes } from './clients.routes.js';
import { createClientsService } from './clients.service.js';

/** A publisher's clients: builds the service and registers its routes. */
export async function registerClientsModule(app: FastifyInstance, deps: { db: Db }) {
  await clientsRoutes(app, { clients: createClientsService({ repo: createClientsRepo(deps.db) }) });
}
