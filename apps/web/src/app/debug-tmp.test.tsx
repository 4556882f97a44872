import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { it, vi } from 'vitest';
import { meQueryKey } from '@/features/session';
import { getSessionFlags } from '@/lib/session-flags';
import { storeUser } from '@/lib/storage';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';

it('debug', async () => {
  storeUser(makeUser('manager'));
  mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
  const router = createMemoryRouter(routes, { initialEntries: ['/customers'] });
  const queryClient = createTestQueryClient();
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Login again' }));
  await new Promise((r) => setTimeout(r, 500));
  console.log('LOC', router.state.location.pathname, JSON.stringify(getSessionFlags()));
  console.log('ME', JSON.stringify(queryClient.getQueryState(meQueryKey)));
  console.log('DOM', document.body.innerHTML.slice(0, 400));
  vi.unstubAllGlobals();
});
