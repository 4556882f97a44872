import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { likePattern } from '../../lib/sql-like.js';
import { isUuid } from '../../lib/uuid.js';

export type AuditLogRepo = ReturnType<typeof createAuditLogRepo>;

/** Whose log: a company's or a publisher's (the page never mixes them). */
export type AuditTenant = { companyId: string } | { publisherId: string };

export interface AuditLogFilter {
  events?: readonly string[];
  /** A user id, or text in the actor's e-mail or name. */
  actor?: string;
  /** A target id, or a target type. */
  target?: string;
  from?: Date | null;
  to?: Date | null;
}

/** Where the page before ended: `at` to the microsecond (as PostgreSQL prints it) and the id. */
export interface AuditCursor {
  at: string;
  id: string;
}

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');

/** `at` in UTC with microseconds: a JS Date would drop them and the keyset would skip rows. */
const atExact = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function tenantCondition(tenant: AuditTenant): SQL {
  return 'companyId' in tenant
    ? eq(auditLog.companyId, tenant.companyId)
    : eq(auditLog.publisherId, tenant.publisherId);
}

function filterConditions(filter: AuditLogFilter): (SQL | undefined)[] {
  const actor = filter.actor;
  const target = filter.target;
  return [
    filter.events ? inArray(auditLog.event, [...filter.events]) : undefined,
    actor
      ? isUuid(actor)
        ? eq(auditLog.userId, actor)
        : or(
            ilike(auditLog.actorEmail, likePattern(actor)),
            ilike(actorUser.name, likePattern(actor)),
          )
      : undefined,
    target ? or(eq(auditLog.targetId, target), eq(auditLog.targetType, target)) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lte(auditLog.at, filter.to) : undefined,
  ];
}

export function createAuditLogRepo(db: Db) {
  const select = () =>
    db
      .select({
        id: auditLog.id,
        at: atExact,
        event: auditLog.event,
        userId: auditLog.userId,
        actorEmail: auditLog.actorEmail,
        actorName: actorUser.name,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetName: targetUser.name,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        meta: auditLog.meta,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.userId))
      .leftJoin(
        targetUser,
        and(eq(auditLog.targetType, 'user'), eq(sql`${targetUser.id}::text`, auditLog.targetId)),
      );

  return {
    /**
     * Newest first, keyset-paged on (at, id) so a page is an index range scan of the tenant's
     * (tenant, at, id) index however deep; one row more than asked says whether a next page is.
     */
    async page(tenant: AuditTenant, filter: AuditLogFilter, limit: number, after?: AuditCursor) {
      return select()
        .where(
          and(
            tenantCondition(tenant),
            ...filterConditions(filter),
            after
              ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit + 1);
    },

    /** One batch of the CSV export, in the page's order. */
    async batch(tenant: AuditTenant, filter: AuditLogFilter, offset: number, limit: number) {
      return select()
        .where(and(tenantCondition(tenant), ...filterConditions(filter)))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .offset(offset)
        .limit(limit);
    },

    /**
     * Deletes entries older than `before`, `batchSize` at a time, each batch its own transaction
     * that opens the append-only trigger for itself alone (set_config(…, true) is local to it).
     * Returns how many went; safe to run again or concurrently (a row goes once).
     */
    async purgeBefore(before: Date, batchSize = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        const deleted = await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('fieldbot.audit_purge', 'on', true)`);
          const doomed = tx
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(lt(auditLog.at, before))
            .limit(batchSize);
          const rows = await tx
            .delete(auditLog)
            .where(inArray(auditLog.id, doomed))
            .returning({ id: auditLog.id });
          return rows.length;
        });
        total += deleted;
        if (deleted < batchSize) return total;
      }
    },
  };
}

export type AuditLogRow = Awaited<ReturnType<AuditLogRepo['page']>>[number];
