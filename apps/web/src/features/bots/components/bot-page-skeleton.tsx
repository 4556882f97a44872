import { Paper, Skeleton, Stack } from '@mantine/core';

/** While a bot loads: the shape of its header and first section. */
export function BotPageSkeleton() {
  return (
    <Stack gap="md" data-testid="bot-loading" aria-busy="true">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Skeleton height={28} width="40%" />
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="55%" />
        </Stack>
      </Paper>
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
