import type { AuditEventName } from '@fieldbot/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * An audit entry written by code that knows the acting user's id but not the rest of them (a
 * login, a repository deep under a service). The actor's e-mail and tenant are read from the user
 * row by the insert itself (one statement, in the caller's transaction), so every entry carries
 * the tenant the log page scopes by.
 */
export interface AuditEntryInput {
  event: AuditEventName;
  /** The acting user (null: an unknown account, e.g. a failed login with an unknown e-mail). */
  userId: string | null;
  ip: string | null;
  userAgent?: string | null;
  /** Used when there is no user row: the address typed at a failed login. */
  actorEmail?: string | null;
  /** Overrides the actor's own tenant (e.g. a platform action on a company). */
  companyId?: string | null;
  publisherId?: string | null;
  target?: { type: string; id: string } | null;
  /** Ids and settings only: never secrets or deleted personal data. */
  meta?: Record<string, unknown>;
}

type Executor = Pick<Db, 'execute'>;

const USER_AGENT_MAX = 300;

/** The user agent of a request, bounded (it is free text from the client). */
export function userAgentOf(headers: Record<string, unknown>): string | null {
  const agent = headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null;
}

export async function insertAuditEntry(db: Executor, entry: AuditEntryInput): Promise<void> {
  const userId = entry.userId ?? null;
  await db.execute(sql`
    insert into audit_log
      (event, user_id, actor_email, company_id, publisher_id, target_type, target_id, ip,
       user_agent, meta)
    select ${entry.event}, u.id, coalesce(u.email, ${entry.actorEmail ?? null}),
      coalesce(${entry.companyId ?? null}::uuid, u.company_id),
      coalesce(${entry.publisherId ?? null}::uuid, u.publisher_id),
      ${entry.target?.type ?? null}, ${entry.target?.id ?? null}, ${entry.ip ?? null},
      ${entry.userAgent ?? null}, ${JSON.stringify(entry.meta ?? {})}::jsonb
    from (select 1) one
    left join users u on u.id = ${userId}::uuid`);
}
