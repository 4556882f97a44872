import type { User } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { meQueryKey } from '@/lib/session';

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

interface RenderPageOptions {
  /** The route pattern the page is mounted on, e.g. '/login/:invitationToken'. */
  route: string;
  /** The URL to open. */
  url: string;
  /** The current user (undefined: logged out). */
  user?: User;
}

/**
 * Renders one page the way the app does (Mantine in test mode, toasts, a fresh query client, a data
 * router); any other path renders a probe showing where the page navigated to.
 */
export function renderPage(page: ReactElement, { route, url, user }: RenderPageOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(meQueryKey, user ?? null);
  const router = createMemoryRouter(
    [
      { path: route, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
