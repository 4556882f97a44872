import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { APP_NAME, usePageHeader } from '@/components/layout/page-header';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The frame of every public page: product name, a page heading and the content in a card. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  usePageHeader({ title });
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Text fw={700} c="indigo" size="sm" tt="uppercase" lts={1}>
              {APP_NAME}
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
