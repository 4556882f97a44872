import type { User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { meQueryKey } from '@/lib/session';
import { createTestQueryClient } from '@/test/render';

export const INTEGRATIONS_URL = '/settings/integrations';

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/** A company admin at onboarding step 3: billing connected, no CRM yet. */
export const onboardingAdmin = () =>
  makeUser('company_admin', { company: makeCompany({ is_crm_connected: false }) });

/**
 * Renders `ui` at /settings/integrations with toasts, a query client holding `user` and a probe
 * showing any other path navigated to; `colorScheme` forces light or dark.
 */
export function renderIntegrations(
  ui: ReactElement,
  {
    user = onboardingAdmin(),
    colorScheme = 'light',
  }: { user?: User; colorScheme?: 'light' | 'dark' } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: INTEGRATIONS_URL, element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [INTEGRATIONS_URL] },
  );
  const view = render(
    <MantineProvider env="test" forceColorScheme={colorScheme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const currentUser = () => queryClient.getQueryData<User>(meQueryKey);
  return { ...view, router, queryClient, currentUser };
}
