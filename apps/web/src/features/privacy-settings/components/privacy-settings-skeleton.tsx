import { Paper, Skeleton, Stack } from '@mantine/core';

/** The form's four sections while the settings load. */
export function PrivacySettingsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading privacy settings" role="status">
      {[3, 2, 3, 1].map((rows, i) => (
        <Paper key={i} withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Skeleton height={20} width={200} />
            {Array.from({ length: rows }, (_, j) => (
              <Skeleton key={j} height={36} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
