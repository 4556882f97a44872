import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, users } from '../../db/schema/index.js';

export type CompanyRepo = ReturnType<typeof createCompanyRepo>;

export function createCompanyRepo(db: Db) {
  return {
    /** A user of this company, or null: another tenant's user is indistinguishable from none. */
    async findTeamMember(companyId: string, userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          image: users.image,
          phone: users.phone,
          crmUserId: users.crmUserId,
          createdAt: users.createdAt,
          emailVerifiedAt: users.emailVerifiedAt,
          roleAlias: roles.alias,
          roleTitle: roles.title,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
        .limit(1);
      return row ?? null;
    },
  };
}
