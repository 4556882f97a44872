import type { User } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { meQueryKey } from '@/lib/session';
import { createTestQueryClient } from '@/test/render';

/** Renders a billing component with toasts, a query client holding `user`, and a router at `route`. */
export function renderBilling(
  ui: ReactElement,
  {
    user = makeUser('company_admin'),
    route = '/settings/billing/invoice-history',
  }: { user?: User; route?: string } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
