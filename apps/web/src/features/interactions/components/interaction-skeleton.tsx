import { Box, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { PlayerKeysHint } from './player-keys-hint';

/**
 * The interaction page's layout while it loads (spec §2 skeleton loaders): no blank page. Its
 * blocks take about the room of the page's sections on a phone (title, player with its controls,
 * details, transcript, Bot Result), so the page hardly moves when they arrive and the footer
 * stays below the fold meanwhile.
 */
export function InteractionSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the interaction" aria-busy="true">
      <Skeleton height={31} width="40%" radius="sm" />
      <Stack gap="xs">
        <Paper withBorder radius="md" p="md">
          <Skeleton height={150} radius="sm" data-testid="player-skeleton" />
        </Paper>
        {/* The hint is static: shown at once, it is the outline's largest text (ADR 021). */}
        <Group justify="space-between" h={28}>
          <PlayerKeysHint />
          <Skeleton height={24} width={190} radius="sm" />
        </Group>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {Array.from({ length: 7 }, (_, index) => (
            <Box key={index}>
              <Skeleton height={14} width="50%" radius="sm" />
              <Skeleton height={22} width="80%" radius="sm" mt={10} />
            </Box>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" h={408}>
          {Array.from({ length: 12 }, (_, index) => (
            <Skeleton key={index} height={14} width={`${90 - (index % 4) * 12}%`} radius="sm" />
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Skeleton height={117} radius="sm" />
      </Paper>
    </Stack>
  );
}
