import { Group, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppFrame } from '@/components/layout/app-frame';
import { HeaderStart } from '@/components/layout/header-start';
import type { PageHeader } from '@/components/layout/page-header';

export interface BootShellProps extends Pick<PageHeader, 'title' | 'enableReturn'> {
  /** The page's own loading state. */
  children: ReactNode;
}

/**
 * A logged-in page as it looks while it loads, drawn at build time for the server to send with the
 * HTML (ADR 021): the app's frame with the page's title and loading state; the user menu and the
 * sidebar, which depend on who is logged in, as placeholders.
 */
export function BootShell({ title, enableReturn, children }: BootShellProps) {
  return (
    <AppFrame
      header={
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <HeaderStart title={title} enableReturn={enableReturn} navOpened={false} />
          <Group gap="xs" wrap="nowrap">
            <Skeleton circle height={38} />
            <Stack gap={6} visibleFrom="xs">
              <Skeleton height={12} width={96} radius="sm" />
              <Skeleton height={10} width={64} radius="sm" />
            </Stack>
          </Group>
        </Group>
      }
      navbar={
        <Stack gap={4}>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={36} radius="sm" />
          ))}
        </Stack>
      }
    >
      {children}
    </AppFrame>
  );
}
