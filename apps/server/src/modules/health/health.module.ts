import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

/** The health check route. */
export async function registerHealthModule(app: FastifyInstance, deps: { db: Db }) {
  await healthRoutes(app, deps);
}
