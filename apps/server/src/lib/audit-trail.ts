import type { AuditEventName, User } from '@fieldbot/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Who acted, for which tenant, and from where: taken once per request. */
export interface AuditActor {
  userId: string | null;
  actorEmail: string | null;
  companyId: string | null;
  publisherId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** What was done to which object. `meta` holds ids and settings, never deleted or secret data. */
export interface AuditAction {
  event: AuditEventName;
  target?: { type: string; id: string } | null;
  meta?: Record<string, unknown>;
}

type AuditWriter = Pick<Db, 'insert'>;

const USER_AGENT_MAX = 300;

export function auditActor(
  user: Pick<User, 'id' | 'email' | 'company' | 'publisher'> | null,
  request: Pick<FastifyRequest, 'ip' | 'headers'> | null,
): AuditActor {
  const agent = request?.headers['user-agent'];
  return {
    userId: user?.id ?? null,
    actorEmail: user?.email ?? null,
    companyId: user?.company?.id ?? null,
    publisherId: user?.publisher?.id ?? null,
    ip: request?.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

/** The row for one audited action (to insert in the same transaction as the change itself). */
export function auditRow(actor: AuditActor, action: AuditAction): typeof auditLog.$inferInsert {
  return {
    event: action.event,
    userId: actor.userId,
    actorEmail: actor.actorEmail,
    companyId: actor.companyId,
    publisherId: actor.publisherId,
    targetType: action.target?.type ?? null,
    targetId: action.target?.id ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
    meta: action.meta ?? {},
  };
}

export async function recordAudit(
  db: AuditWriter,
  actor: AuditActor,
  action: AuditAction,
): Promise<void> {
  await db.insert(auditLog).values(auditRow(actor, action));
}
