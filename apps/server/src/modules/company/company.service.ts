import type { TeamMember, User } from '@fieldbot/shared';
import { notFound } from '../../lib/errors.js';
import type { CompanyRepo } from './company.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CompanyService = ReturnType<typeof createCompanyService>;

export function createCompanyService(deps: { repo: CompanyRepo }) {
  return {
    /** Spec §7 GET /api/company/team/{id}: a member of the caller's own company only. */
    async teamMember(viewer: User, memberId: string): Promise<TeamMember> {
      const companyId = viewer.company?.id;
      if (!companyId || !UUID.test(memberId)) throw notFound();
      const row = await deps.repo.findTeamMember(companyId, memberId);
      if (!row) throw notFound();
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
        phone: row.phone,
        crm_user_id: row.crmUserId,
        role: { alias: row.roleAlias, title: row.roleTitle },
        status: row.emailVerifiedAt ? 'active' : 'invited',
        created_at: row.createdAt.toISOString(),
      };
    },
  };
}
