import type { MarketplaceVersion } from '@fieldbot/shared';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';
import { formatDay } from '@/lib/format-date';

/** Every published version, newest first, with its changelog and any deprecation. */
export function VersionHistory({
  versions,
  pinned,
}: {
  versions: readonly MarketplaceVersion[];
  /** The version this company uses, if any. */
  pinned: number | null;
}) {
  return (
    <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {versions.map((version) => (
        <Card component="li" key={version.number} withBorder radius="md" padding="sm">
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Text fw={700}>{`v${version.number}`}</Text>
              {version.number === pinned ? (
                <Badge color="green" variant="light">
                  Your version
                </Badge>
              ) : null}
              {version.deprecation ? (
                <Badge color="red" variant="light">
                  Deprecated
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {`Published ${formatTimestamp(version.published_at)}`}
            </Text>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {version.changelog}
          </Text>
          {version.deprecation ? (
            <Text size="sm" fw={500} mt={4}>
              {`Retires on ${formatDay(version.deprecation.retires_on)}`}
              {version.deprecation.note ? `: ${version.deprecation.note}` : ''}
            </Text>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
