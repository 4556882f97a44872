import { PUBLISHER_INFO_MESSAGES, publicMarketplacePath, type User } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { fill } from '@/test/fill';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// The whole app's lazy chunks load on first use; slow on a busy machine.
const SLOW = { timeout: 15_000 };

const PUBLISHER = {
  id: '00000000-0000-4000-8000-00000000b001',
  name: 'Nora Bots',
  code: 'NORA01',
  landing_path: publicMarketplacePath('NORA01', 'Nora Bots'),
  logo: null,
  description: 'Bots for plumbers.',
  website: null,
  support_email: 'help@nora.example',
  default_markup_percent: 20,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('the publisher routes', () => {
  it(
    'keep a new publisher admin on Publisher Information until the publisher exists, then unlock Users',
    { timeout: 60_000 },
    async () => {
      let created = false;
      const admin = (): User =>
        makeUser('publisher_admin', {
          publisher: created ? { id: PUBLISHER.id, name: PUBLISHER.name } : null,
        });
      mockFetch((call) => {
        const { pathname } = new URL(call.url, 'http://localhost');
        if (pathname === '/api/user/me') return jsonResponse(200, { data: admin() });
        if (pathname === '/api/csrf-cookie') {
          document.cookie = 'XSRF-TOKEN=t; path=/';
          return new Response(null, { status: 204 });
        }
        if (pathname === '/api/publisher/info') {
          return jsonResponse(200, { data: created ? PUBLISHER : null });
        }
        if (pathname === '/api/publisher/create') {
          created = true;
          return jsonResponse(201, { message: PUBLISHER_INFO_MESSAGES.created, data: PUBLISHER });
        }
        if (pathname === '/api/publisher/users') {
          return jsonResponse(200, {
            data: { items: [], count: 0, counts: { active: 1, invited: 0, 'not-invited': 0 } },
          });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const router = createMemoryRouter(routes, { initialEntries: ['/publisher/users'] });
      render(
        <TestProviders queryClient={createTestQueryClient()}>
          <RouterProvider router={router} />
        </TestProviders>,
      );

      // Spec §4: not set up, the admin may use only Publisher Information.
      const name = await screen.findByRole('textbox', { name: /^Publisher Name/ }, SLOW);
      expect(router.state.location.pathname).toBe('/settings/publisher-info');
      expect(screen.getByRole('tab', { name: 'Publisher Information' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(screen.getByTestId('sidebar-users')).toHaveAttribute('aria-disabled', 'true');

      const user = userEvent.setup();
      await fill(user, name, 'Nora Bots');
      await fill(user, screen.getByRole('textbox', { name: /^Description/ }), 'Bots for plumbers.');
      await fill(
        user,
        screen.getByRole('textbox', { name: /^Support Email/ }),
        'help@nora.example',
      );
      await user.click(screen.getByRole('button', { name: 'Create Publisher' }));

      // The saved publisher's link replaces the create form (the toast is the page test's).
      expect(await screen.findByRole('heading', { name: 'Referral Link' }, SLOW)).toBeVisible();
      const users = await waitFor(() => {
        const link = screen.getByTestId('sidebar-users');
        expect(link).toHaveAttribute('href', '/publisher/users');
        return link;
      }, SLOW);
      await user.click(users);
      const heading = await screen.findByRole('heading', { level: 1, name: 'Users' }, SLOW);
      expect(await screen.findByText('No Users Found', undefined, SLOW)).toBeInTheDocument();
      // Focus moves to the new page's heading after an in-app navigation.
      await waitFor(() => expect(heading).toHaveFocus(), SLOW);
      expect(
        within(screen.getByRole('navigation', { name: /sidebar/i })).getByTestId('sidebar-users'),
      ).toHaveAttribute('aria-current', 'page');
    },
  );
});
