/**
 * Members and invitations of an organisation, shared by the team and publisher-users modules. Code
 * outside the module imports it from here only.
 */
export { toMemberListItem } from './member-list-item.js';
export { createOrgInvitations } from './org-invitations.js';
export { createOrgMembersRepo, type OrgMemberRow } from './org-members.repo.js';
