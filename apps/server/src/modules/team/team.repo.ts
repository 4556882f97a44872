import type { Db } from '../../db/client.js';
import { companyName } from '../../lib/company-name.js';
import { createOrgMembersRepo, type OrgMemberRow } from '../org-members/index.js';

export type TeamRepo = ReturnType<typeof createTeamRepo>;
export type TeamRow = OrgMemberRow;

/** The company's members and invitations (the organisation-agnostic queries) plus its name. */
export function createTeamRepo(db: Db) {
  const members = createOrgMembersRepo(db, 'company');
  return {
    ...members,
    teamPage: members.membersPage,
    teamBatch: members.membersBatch,
    countAdmins: (companyId: string) => members.countWithRole(companyId, 'company_admin'),

    companyName: (companyId: string) => companyName(db, companyId),
  };
}
