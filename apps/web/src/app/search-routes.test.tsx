import { searchFiltersPath, searchPath, type User } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

// The whole app's lazy chunks load on first use; slow on a busy machine.
const SLOW = { timeout: 15_000 };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HIT = {
  id: uuid(5001),
  interaction_id: 'R-000101',
  type: 'field-recording',
  call_type: null,
  customer_id: uuid(1),
  customer_name: 'Lakeside Property Management',
  recording_by: 'Tina Tech',
  started_at: '2026-11-03T14:05:09.000Z',
  lines: [
    {
      position: 4,
      start_seconds: 20.7,
      speaker: 'Technician',
      fragments: [
        { text: 'The run ', match: false },
        { text: 'capacitor', match: true },
      ],
    },
  ],
  more_lines: 0,
};

function renderApp(path: string, user: User) {
  mockFetch(({ url }) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/user/me') return jsonResponse(200, { data: user });
    if (pathname === searchFiltersPath) {
      return jsonResponse(200, { data: { technicians: [], bots: [] } });
    }
    if (pathname === searchPath) {
      return jsonResponse(200, { data: { items: [HIT], count: 1, count_capped: false } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('the search route', () => {
  it('opens for a technician, marked in the sidebar, and a line leads to its moment', async () => {
    const router = renderApp('/search?q=capacitor', makeUser('field_team'));
    const hit = await screen.findByRole('article', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.setup().click(within(hit).getByRole('link', { name: /capacitor/ }));
    expect(router.state.location.pathname).toBe(
      `/customers/${HIT.customer_id}/interaction/${HIT.id}/field-recording`,
    );
    expect(router.state.location.search).toBe('?t=20.7');
  });

  it('is closed to a publisher', async () => {
    const router = renderApp('/search', makeUser('publisher_admin'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No Access' }, SLOW),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-access');
  });
});
