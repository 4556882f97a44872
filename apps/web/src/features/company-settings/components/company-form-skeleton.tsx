import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The company form's shape while the option lists load. */
export function CompanyFormSkeleton() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-busy="true">
      <Stack gap="lg" aria-label="Loading company information" role="status">
        <Skeleton height={24} width={220} />
        <Skeleton height={80} width={80} radius="md" />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </SimpleGrid>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </Stack>
    </Paper>
  );
}
