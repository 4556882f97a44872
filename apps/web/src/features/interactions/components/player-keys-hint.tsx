import { Text } from '@mantine/core';

/** The audio player's keyboard help under it; the page's outline shows it too (static text). */
export function PlayerKeysHint() {
  return (
    <Text size="xs" c="dimmed">
      Space plays or pauses; the arrow keys skip 5 seconds.
    </Text>
  );
}
