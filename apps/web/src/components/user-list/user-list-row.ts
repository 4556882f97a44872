import type { TeamListItem } from '@fieldbot/shared';

/** What a user list row (company team, publisher users) shows: a user or a pending invitation. */
export type UserListRow = Pick<
  TeamListItem,
  'id' | 'kind' | 'name' | 'email' | 'role' | 'status' | 'last_active_at' | 'invitation'
>;

/** A row's stable key: a user and an invitation may share an id space. */
export const userRowKey = (row: UserListRow) => `${row.kind}-${row.id}`;
