import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';

/** Every status badge of spec §4, with its label and colour. */
export const STATUS_BADGES = {
  completed: { label: 'Completed', color: 'green' },
  'in-progress': { label: 'In Progress', color: 'blue' },
  'not-touched': { label: 'Not Touched', color: 'gray' },
  paused: { label: 'Paused', color: 'yellow' },
  'not-paid': { label: 'Not Paid', color: 'red' },
  dispatched: { label: 'Dispatched', color: 'indigo' },
  scheduled: { label: 'Scheduled', color: 'cyan' },
  invited: { label: 'Invited', color: 'violet' },
  invite: { label: 'Invite', color: 'violet' },
  'not-invited': { label: 'Not Invited', color: 'gray' },
  active: { label: 'Active', color: 'green' },
  inactive: { label: 'Inactive', color: 'gray' },
  terminated: { label: 'Terminated', color: 'red' },
  revoke: { label: 'Revoke', color: 'red' },
  email_not_found: { label: 'Email Not Found', color: 'orange' },
  redownload: { label: 'Re Download', color: 'red' },
} as const satisfies Record<string, { label: string; color: MantineColor }>;

export type BadgeStatus = keyof typeof STATUS_BADGES;

function isBadgeStatus(status: string): status is BadgeStatus {
  return Object.hasOwn(STATUS_BADGES, status);
}

/** 'some-status_name' → 'Some Status Name', for a status the list does not know yet. */
function titleCase(status: string): string {
  return status
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'children' | 'color'> {
  // `string & {}` keeps the known names in autocompletion while accepting a status the server adds later.
  status: BadgeStatus | (string & {});
}

export function StatusBadge({ status, variant = 'light', ...others }: StatusBadgeProps) {
  const known = isBadgeStatus(status) ? STATUS_BADGES[status] : null;
  return (
    <Badge variant={variant} color={known?.color ?? 'gray'} {...others}>
      {known?.label ?? titleCase(status)}
    </Badge>
  );
}
