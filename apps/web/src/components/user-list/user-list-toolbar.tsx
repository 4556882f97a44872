import { OPTION_LISTS } from '@fieldbot/shared';
import { Select } from '@mantine/core';
import { ListToolbar } from '@/components/data-table';

/** Status filter: Active / Invited / Not Invited (spec §3 option lists). */
export const USER_STATUS_OPTIONS = OPTION_LISTS.userStatus.map((option) => ({ ...option }));

export interface UserListFilters {
  keyword?: string;
  status?: string;
  role?: string;
}

export interface UserListToolbarProps {
  query: UserListFilters;
  roleOptions: { value: string; label: string }[];
  onQueryChange: (change: UserListFilters) => void;
}

/** Search (debounced) by name or e-mail, then the Status and Role filters of a user list. */
export function UserListToolbar({ query, roleOptions, onQueryChange }: UserListToolbarProps) {
  return (
    <ListToolbar
      searchLabel="Search users"
      searchPlaceholder="Search by name or email"
      keyword={query.keyword ?? ''}
      onSearch={(keyword) => onQueryChange({ keyword })}
    >
      <Select
        label="Status"
        placeholder="All"
        data={USER_STATUS_OPTIONS}
        value={query.status ?? null}
        onChange={(status) => onQueryChange({ status: status ?? undefined })}
        clearable
        w={170}
      />
      <Select
        label="Role"
        placeholder="All"
        data={roleOptions}
        value={query.role ?? null}
        onChange={(role) => onQueryChange({ role: role ?? undefined })}
        clearable
        w={190}
      />
    </ListToolbar>
  );
}
