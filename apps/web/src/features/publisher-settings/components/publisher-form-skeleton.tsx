import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The publisher form's shape while the publisher loads. */
export function PublisherFormSkeleton() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-busy="true">
      <Stack gap="lg" aria-label="Loading publisher information" role="status">
        <Skeleton height={24} width={220} />
        <Skeleton height={80} width={80} radius="md" />
        <Skeleton height={56} />
        <Skeleton height={96} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </SimpleGrid>
        <Skeleton height={56} width={240} />
      </Stack>
    </Paper>
  );
}
