import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companyTypes,
  industries,
  permissions,
  publishers,
  timezones,
  trades,
  uploadedFiles,
} from '../../db/schema/index.js';

export type DataRepo = ReturnType<typeof createDataRepo>;

export function createDataRepo(db: Db) {
  return {
    permissions: () =>
      db
        .select({ name: permissions.name, module: permissions.module })
        .from(permissions)
        .orderBy(asc(permissions.name)),
    timezones: () =>
      db.select({ id: timezones.id, name: timezones.name }).from(timezones).orderBy(asc(timezones.id)),
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

    async publisherNameByCode(code: string) {
      const [row] = await db
        .select({ name: publishers.name })
        .from(publishers)
        .where(sql`lower(${publishers.code}) = ${code.toLowerCase()}`)
        .limit(1);
      return row?.name ?? null;
    },

    async recordUpload(values: typeof uploadedFiles.$inferInsert) {
      await db.insert(uploadedFiles).values(values);
    },

    async uploadByPath(path: string) {
      const [row] = await db
        .select({ id: uploadedFiles.id, folder: uploadedFiles.folder })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.path, path))
        .limit(1);
      return row ?? null;
    },

    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}
