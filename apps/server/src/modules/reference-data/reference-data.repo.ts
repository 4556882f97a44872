import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companyTypes, industries, permissions, timezones, trades } from '../../db/schema/index.js';

export type ReferenceDataRepo = ReturnType<typeof createReferenceDataRepo>;

/** The fixed option lists of GET /api/data. */
export function createReferenceDataRepo(db: Db) {
  return {
    permissions: () =>
      db
        .select({ name: permissions.name, module: permissions.module })
        .from(permissions)
        .orderBy(asc(permissions.name)),
    timezones: () =>
      db
        .select({ id: timezones.id, name: timezones.name })
        .from(timezones)
        .orderBy(asc(timezones.id)),
    industries: () =>
      db
        .select({ id: industries.id, name: industries.name })
        .from(industries)
        .orderBy(asc(industries.name)),
    trades: () =>
      db
        .select({ id: trades.id, name: trades.name, industry_id: trades.industryId })
        .from(trades)
        .orderBy(asc(trades.industryId), asc(trades.name)),
    companyTypes: () =>
      db
        .select({ id: companyTypes.id, name: companyTypes.name })
        .from(companyTypes)
        .orderBy(asc(companyTypes.name)),
  };
}
