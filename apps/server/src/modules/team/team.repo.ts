import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { createOrgMembersRepo, type OrgMemberRow } from '../org-members/org-members.repo.js';

export type TeamRepo = ReturnType<typeof createTeamRepo>;
export type TeamRow = OrgMemberRow;

/** The company's members and invitations (the organisation-agnostic queries) plus its name. */
export function createTeamRepo(db: Db) {
  const members = createOrgMembersRepo(db, 'company');
  return {
    ...members,
    teamPage: members.membersPage,
    countAdmins: (companyId: string) => members.countWithRole(companyId, 'company_admin'),

    async companyName(companyId: string) {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row?.name ?? null;
    },
  };
}
