import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageHeader } from '@/components/layout/page-header';

export interface PlaceholderPageProps {
  title: string;
  subTitle?: string;
  enableReturn?: boolean;
  /** The header title when it differs from the page's own (settings tabs keep 'Settings'). */
  headerTitle?: string;
}

/** Stands in for a screen that a later issue builds; sets the header like the real page will. */
export function PlaceholderPage({
  title,
  subTitle,
  enableReturn,
  headerTitle,
}: PlaceholderPageProps) {
  usePageHeader({ title: headerTitle ?? title, subTitle, enableReturn });
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed">This page is coming soon.</Text>
      </Stack>
    </Paper>
  );
}
