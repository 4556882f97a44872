import { Text } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';

/** When the figures were brought up to date (refreshed_at), in the viewer's time zone. */
export function UpdatedAt({ iso }: { iso: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="dashboard-updated">
      {'Updated '}
      <time dateTime={iso}>{formatTimestamp(iso)}</time>
    </Text>
  );
}
