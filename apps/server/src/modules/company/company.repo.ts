import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  companyTypes,
  industries,
  publisherClients,
  timezones,
  trades,
  users,
} from '../../db/schema/index.js';
import { isFinishedUploadOf } from '../files/index.js';

export type CompanyRepo = ReturnType<typeof createCompanyRepo>;
export type CompanyValues = Partial<typeof companies.$inferInsert>;

export function createCompanyRepo(db: Db) {
  async function exists(
    table: typeof timezones | typeof industries | typeof companyTypes,
    id: number,
  ) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return Boolean(row);
  }

  return {
    timezoneExists: (id: number) => exists(timezones, id),
    industryExists: (id: number) => exists(industries, id),
    typeExists: (id: number) => exists(companyTypes, id),

    /** The listed trades that exist, each with the industry it belongs to. */
    async tradesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: trades.id, industryId: trades.industryId })
        .from(trades)
        .where(inArray(trades.id, ids));
    },

    /** A finished 'company-logo' upload of this user; anything else is not theirs to use. */
    isLogoUploadedBy: (userId: string, fileUrl: string) =>
      isFinishedUploadOf(db, userId, fileUrl, 'company-logo'),

    async findCompany(companyId: string) {
      const [row] = await db
        .select({ id: companies.id, industryId: companies.industryId, trades: companies.trades })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Creates the company, links the admin and records the referring publisher's client (the
     * code's publisher, else the one the admin signed up through) in one transaction; null (nothing written) when the
     * admin already has a company, which also settles two concurrent creates.
     */
    async createForAdmin(
      adminId: string,
      values: CompanyValues & { name: string },
      referrerId: string | null = null,
    ) {
      return db.transaction(async (tx) => {
        // The row lock makes a second concurrent create wait, then see the first one's company.
        const [admin] = await tx
          .select({ companyId: users.companyId, referralPublisherId: users.referralPublisherId })
          .from(users)
          .where(eq(users.id, adminId))
          .for('update');
        if (!admin || admin.companyId) return null;
        const [company] = await tx.insert(companies).values(values).returning({ id: companies.id });
        await tx.update(users).set({ companyId: company!.id }).where(eq(users.id, adminId));
        // Referral: the company becomes the referring publisher's client.
        const publisherId = referrerId ?? admin.referralPublisherId;
        if (publisherId) {
          await tx
            .insert(publisherClients)
            .values({ publisherId, companyId: company!.id, source: 'referral' })
            .onConflictDoNothing();
        }
        return company!.id;
      });
    },

    async updateCompany(companyId: string, values: CompanyValues) {
      await db
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },

    async memberIds(companyId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.companyId, companyId));
      return rows.map((r) => r.id);
    },
  };
}
