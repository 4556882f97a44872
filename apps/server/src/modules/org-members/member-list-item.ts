import type { TeamListItem } from '@fieldbot/shared';
import type { OrgMemberRow } from './org-members.repo.js';

const iso = (value: string | Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A member list row as the API answers it (team list and publisher users alike). */
export function toMemberListItem(row: OrgMemberRow): TeamListItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    role: { alias: row.role_alias, title: row.role_title },
    status: row.status,
    last_active_at: iso(row.last_active_at),
    crm_user_id: row.crm_user_id,
    invitation:
      row.invitation_id && row.sent_at && row.expires_at
        ? { id: row.invitation_id, sent_at: iso(row.sent_at)!, expires_at: iso(row.expires_at)! }
        : null,
  };
}
