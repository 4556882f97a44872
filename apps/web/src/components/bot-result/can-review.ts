import { ROLE, isViewOnlyRole, type User } from '@fieldbot/shared';

const REVIEWERS: ReadonlySet<string> = new Set([ROLE.COMPANY_ADMIN, ROLE.MANAGER]);

/**
 * Reviewer feedback: company admins and managers mark response tags correct or wrong;
 * field technicians and view-only roles read them only.
 */
export function canReviewBotResults(user: Pick<User, 'role'> | null | undefined): boolean {
  if (!user) return false;
  return REVIEWERS.has(user.role.alias) && !isViewOnlyRole(user.role.alias);
}
