import { ASSIGNABLE_TEAM_ROLE_OPTIONS, ROLE, TEAM_ROLE_OPTIONS, type User } from '@fieldbot/shared';

export const TEAM_ROLE_FILTER_OPTIONS = TEAM_ROLE_OPTIONS.map((option) => ({ ...option }));

/** What an admin may invite or assign: Company Manager or Field Technician. */
export const ASSIGNABLE_ROLE_OPTIONS = ASSIGNABLE_TEAM_ROLE_OPTIONS.map((option) => ({
  ...option,
}));

/** Only the company admin invites and edits colleagues; a manager reads the team. */
export function canManageTeam(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role.alias === ROLE.COMPANY_ADMIN;
}
