import type { User } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { meQueryKey } from '@/lib/session';
import { colorSchemeManager, theme } from '@/lib/theme';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider env="test" theme={theme} colorSchemeManager={colorSchemeManager}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders inside Mantine (test env), a query client (with the current user set) and a router. */
export function renderWithProviders(
  ui: ReactElement,
  { user = null, route = '/' }: { user?: User | null; route?: string } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  const result = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
  return { ...result, queryClient };
}
