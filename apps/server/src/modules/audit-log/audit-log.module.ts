import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createAuditLogRepo } from './audit-log.repo.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { createAuditLogService } from './audit-log.service.js';
import { registerRouteAudit } from './route-audit.js';

/**
 * The audit log (issue 27 §5): the routes that read it, and the hook that records routes' declared
 * entries and CSV downloads. Registered before the other modules so the hook sees their routes.
 */
export async function registerAuditLogModule(app: FastifyInstance, deps: { db: Db }) {
  registerRouteAudit(app, deps);
  await auditLogRoutes(app, {
    db: deps.db,
    auditLog: createAuditLogService({ repo: createAuditLogRepo(deps.db) }),
  });
}
