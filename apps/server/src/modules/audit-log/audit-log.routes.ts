import {
  ROLE,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  companyAuditLogExportPath,
  companyAuditLogPath,
  publisherAuditLogExportPath,
  publisherAuditLogPath,
} from '@fieldbot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor, recordAudit } from '../../lib/audit-trail.js';
import { sendCsv } from '../../lib/csv-response.js';
import type { Db } from '../../db/client.js';
import type { RouteAuth } from '../../plugins/types.js';
import { auditTenantOf, type AuditLogService } from './audit-log.service.js';

const companyAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
} as const satisfies RouteAuth;
const publisherAdmins = { roles: [ROLE.PUBLISHER_ADMIN] } as const satisfies RouteAuth;

/**
 * Settings → Audit log, read-only: there is no route that changes or deletes an entry. Each side
 * reads its own tenant's entries only (auditTenantOf).
 */
export async function auditLogRoutes(
  app: FastifyInstance,
  deps: { auditLog: AuditLogService; db: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sides = [
    {
      side: 'company',
      path: companyAuditLogPath,
      csv: companyAuditLogExportPath,
      auth: companyAdmins,
    },
    {
      side: 'publisher',
      path: publisherAuditLogPath,
      csv: publisherAuditLogExportPath,
      auth: publisherAdmins,
    },
  ] as const;

  for (const { side, path, csv, auth } of sides) {
    r.get(
      path,
      {
        config: { auth },
        schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
      },
      async (request) => deps.auditLog.list(auditTenantOf(request.user!, side), request.query),
    );

    r.get(
      csv,
      { config: { auth }, schema: { querystring: auditLogExportQuerySchema } },
      async (request, reply) => {
        const tenant = auditTenantOf(request.user!, side);
        const { fileName, stream } = deps.auditLog.exportCsv(tenant, request.query);
        await recordExport(deps.db, request, request.query);
        return sendCsv(reply, fileName, stream);
      },
    );
  }
}

/** Reading the log out is itself logged (before the file streams: a cut download still counts). */
function recordExport(db: Db, request: FastifyRequest, filters: Record<string, unknown>) {
  return recordAudit(db, auditActor(request.user, request), {
    event: 'audit_log.exported',
    meta: { filters },
  });
}
