import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createCrmWritebackRepo } from './crm-writeback.repo.js';
import { crmWritebackRoutes } from './crm-writeback.routes.js';
import { createCrmWritebackService } from './crm-writeback.service.js';

export async function registerCrmWritebackModule(app: FastifyInstance, deps: { db: Db }) {
  await crmWritebackRoutes(app, {
    writeback: createCrmWritebackService({ repo: createCrmWritebackRepo(deps.db) }),
  });
}
