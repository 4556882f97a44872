import type { AuditEventName } from '@fieldbot/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, companyIntegrations, integrations, timezones } from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit-log/index.js';

export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;

/** A catalogue entry left-joined with one company's connection (null columns when not connected). */
export type IntegrationRow = Awaited<ReturnType<IntegrationsRepo['list']>>[number];

export interface AuditEntry {
  event: AuditEventName;
  userId: string;
  ip: string;
  meta: Record<string, unknown>;
}

/** The company's entry, targeting the integration (never the credential values). */
function auditOf(companyId: string, integrationId: number | null, audit: AuditEntry) {
  const id = integrationId ?? audit.meta.integration_id;
  return {
    ...audit,
    companyId,
    target: id === undefined || id === null ? null : { type: 'integration', id: String(id) },
  };
}

export function createIntegrationsRepo(db: Db) {
  const columns = {
    id: integrations.id,
    slug: integrations.slug,
    name: integrations.name,
    subTitle: integrations.subTitle,
    groupType: integrations.groupType,
    logo: integrations.logo,
    darkLogo: integrations.darkLogo,
    requiredFields: integrations.requiredFields,
    connectionId: companyIntegrations.id,
    valuesSealed: companyIntegrations.valuesSealed,
    syncStatus: companyIntegrations.syncStatus,
    syncProcessStatus: companyIntegrations.syncProcessStatus,
    /** In progress by the status, but no worker holds the lease: its worker died on a last attempt. */
    syncAbandoned: sql<boolean>`coalesce(${companyIntegrations.syncProcessStatus} = 'in-progress'
      and (${companyIntegrations.syncLeaseUntil} is null or ${companyIntegrations.syncLeaseUntil} < now()), false)`,
    lastSyncedAt: companyIntegrations.lastSyncedAt,
    lastSyncError: companyIntegrations.lastSyncError,
  };
  // The join condition carries the tenant: another company's connection never matches.
  const joined = (companyId: string) =>
    db
      .select(columns)
      .from(integrations)
      .leftJoin(
        companyIntegrations,
        and(
          eq(companyIntegrations.integrationId, integrations.id),
          eq(companyIntegrations.companyId, companyId),
        ),
      );

  return {
    async list(companyId: string, groupType?: string) {
      return joined(companyId)
        .where(groupType ? eq(integrations.groupType, groupType) : undefined)
        .orderBy(asc(integrations.sortOrder), asc(integrations.id));
    },

    async find(companyId: string, integrationId: number) {
      const [row] = await joined(companyId).where(eq(integrations.id, integrationId)).limit(1);
      return row ?? null;
    },

    /** The company's IANA timezone, for "today" of the start-date rule; null when none is set. */
    async companyTimezone(companyId: string) {
      const [row] = await db
        .select({ iana: timezones.iana })
        .from(companies)
        .innerJoin(timezones, eq(timezones.id, companies.timezoneId))
        .where(eq(companies.id, companyId))
        .limit(1);
      return row?.iana ?? null;
    },

    /**
     * Saves the sealed values (insert, or replace on the company's existing connection) with its
     * audit entry. Sync state is left as it is: changing credentials resets nothing else.
     */
    async saveValues(
      companyId: string,
      integrationId: number,
      valuesSealed: string,
      audit: AuditEntry,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .insert(companyIntegrations)
          .values({ companyId, integrationId, valuesSealed })
          .onConflictDoUpdate({
            target: [companyIntegrations.companyId, companyIntegrations.integrationId],
            set: { valuesSealed, updatedAt: new Date() },
          });
        await insertAuditEntry(tx, auditOf(companyId, integrationId, audit));
      });
    },

    /**
     * Turns the connection's syncs on (again, if a failing credential stopped them) and, for a CRM,
     * marks the company CRM-connected; returns whether that flag changed (cached sessions then
     * need refreshing).
     */
    async markSyncRequested(
      companyId: string,
      connectionId: string,
      options: { crm: boolean; audit: AuditEntry },
    ) {
      return db.transaction(async (tx) => {
        await tx
          .update(companyIntegrations)
          .set({ syncStatus: 'on', updatedAt: new Date() })
          .where(eq(companyIntegrations.id, connectionId));
        await insertAuditEntry(tx, auditOf(companyId, null, options.audit));
        if (!options.crm) return false;
        const changed = await tx
          .update(companies)
          .set({ isCrmConnected: true, updatedAt: new Date() })
          .where(and(eq(companies.id, companyId), eq(companies.isCrmConnected, false)))
          .returning({ id: companies.id });
        return changed.length > 0;
      });
    },
  };
}
