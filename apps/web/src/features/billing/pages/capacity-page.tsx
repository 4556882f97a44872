import { SimpleGrid, Skeleton, Paper, Stack } from '@mantine/core';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useCapacity } from '../api/get-capacity';
import { CapacityForm } from '../components/capacity-form';
import { CapacityUsage } from '../components/capacity-usage';

function CardSkeleton() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Skeleton height={20} width="50%" />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    </Paper>
  );
}

/** /settings/billing/capacity (spec §2 "Capacity settings", §5 "Capacity"). */
export function CapacityPage() {
  usePageHeader({ title: 'Settings', subTitle: 'Capacity' });
  const capacity = useCapacity();

  if (capacity.isError) {
    return <TableError error={capacity.error} onRetry={() => void capacity.refetch()} />;
  }
  const status = capacity.data?.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {status ? (
        <>
          <CapacityForm key={`${status.soft_capacity}-${status.hard_capacity}`} limits={status} />
          <CapacityUsage status={status} />
        </>
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading capacity">
          <CardSkeleton />
        </div>
      )}
    </SimpleGrid>
  );
}
