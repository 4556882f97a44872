import { customerPath, type UnrecordedJob } from '@fieldbot/shared';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListCard } from '@/components/dashboard';
import { formatDay } from '@/lib/format-date';

/**
 * A technician's newest completed jobs of the month with no field recording: the visits their
 * coverage is missing. Each opens the customer, where the job's interactions are listed.
 */
export function UnrecordedJobsList({ jobs }: { jobs: readonly UnrecordedJob[] | undefined }) {
  return (
    <ListCard
      title="My Jobs Without a Recording"
      loading={jobs === undefined}
      empty={jobs?.length === 0}
      emptyText="No Unrecorded Jobs Found"
    >
      {jobs?.map((job) => (
        <Group component="li" key={job.job_id} justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={customerPath(job.customer_id)} size="sm" truncate="end">
              {job.customer_name}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              {`Job ${job.job_number}`}
            </Text>
          </Stack>
          <Text size="xs" style={{ flex: 'none' }}>
            {formatDay(job.completed_at)}
          </Text>
        </Group>
      ))}
    </ListCard>
  );
}
