import { Text } from '@mantine/core';
import { STATUS_BADGES } from '@/components/status-badge/status-badge';

export interface UserStatusCounts {
  active: number;
  invited: number;
  'not-invited': number;
}

/** The whole list per status, announced when it changes. */
export function UserStatusCountsText({ counts }: { counts: UserStatusCounts | undefined }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {counts
        ? `${STATUS_BADGES.active.label}: ${counts.active} · ${STATUS_BADGES.invited.label}: ${counts.invited} · ${STATUS_BADGES['not-invited'].label}: ${counts['not-invited']}`
        : ''}
    </Text>
  );
}
