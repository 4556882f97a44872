import { Box, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The interaction page's layout while it loads (spec §2 skeleton loaders): no blank page. */
export function InteractionSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading the interaction" aria-busy="true">
      <Skeleton height={28} width="40%" radius="sm" />
      <Paper withBorder radius="md" p="md">
        <Skeleton height={64} radius="sm" data-testid="player-skeleton" />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {Array.from({ length: 7 }, (_, index) => (
            <Box key={index}>
              <Skeleton height={10} width="50%" radius="sm" />
              <Skeleton height={16} width="80%" radius="sm" mt={8} />
            </Box>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={14} width={`${90 - index * 12}%`} radius="sm" />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
