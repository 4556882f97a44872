import { Paper, Skeleton, Stack } from '@mantine/core';

/** While a client loads: the shape of its header, tabs and first card. */
export function ClientSkeleton() {
  return (
    <Stack gap="md" data-testid="client-loading" aria-busy="true">
      <Paper withBorder radius="md" p="md">
        <Skeleton height={40} width="45%" />
      </Paper>
      <Skeleton height={32} width="60%" />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={14} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
