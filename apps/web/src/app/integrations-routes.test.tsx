import { INTEGRATION_MESSAGES, type User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { routes } from './router';
import { CRM_BANNER_TEXT } from './settings-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// The whole app's lazy chunks load on first use; slow on a busy machine.
const SLOW = { timeout: 15_000 };

const servicetitan = {
  id: 1,
  integration_id: 1,
  slug: 'servicetitan',
  name: 'ServiceTitan',
  sub_title: null,
  group_type: 'Field Service CRM',
  logo: null,
  dark_logo: null,
  connected_status: 1,
  sync_status: 'off',
  sync_process_status: null,
  last_synced_at: null,
  last_sync_error: null,
};

describe('the integrations route', () => {
  it(
    'lets an admin at onboarding step 3 sync a CRM, which lifts the CRM banner',
    { timeout: 45_000 },
    async () => {
      let synced = false;
      const admin = (): User =>
        makeUser('company_admin', { company: makeCompany({ is_crm_connected: synced }) });
      const row = () =>
        synced
          ? { ...servicetitan, sync_status: 'on', sync_process_status: 'pending' }
          : servicetitan;
      mockFetch((call) => {
        const { pathname } = new URL(call.url, 'http://localhost');
        if (pathname === '/api/user/me') return jsonResponse(200, { data: admin() });
        if (pathname === '/api/csrf-cookie') {
          document.cookie = 'XSRF-TOKEN=t; path=/';
          return new Response(null, { status: 204 });
        }
        if (pathname === '/api/integration') return jsonResponse(200, { data: [row()] });
        if (pathname === '/api/integration/sync') {
          synced = true;
          return jsonResponse(200, { message: INTEGRATION_MESSAGES.syncStarted, data: row() });
        }
        return jsonResponse(404, { message: 'Not found.' });
      });
      const router = createMemoryRouter(routes, { initialEntries: ['/settings/integrations'] });
      render(
        <TestProviders queryClient={createTestQueryClient()}>
          <RouterProvider router={router} />
        </TestProviders>,
      );

      const sync = await screen.findByRole('button', { name: 'Sync ServiceTitan' }, SLOW);
      expect(router.state.location.pathname).toBe('/settings/integrations');
      expect(screen.getByRole('tab', { name: 'Integration' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(screen.getByText(CRM_BANNER_TEXT)).toBeInTheDocument();

      await userEvent.click(sync);
      await waitFor(
        () => expect(screen.queryByText(CRM_BANNER_TEXT)).not.toBeInTheDocument(),
        SLOW,
      );
      expect(
        await screen.findByRole('button', { name: 'Syncing ServiceTitan' }, SLOW),
      ).toBeDisabled();
    },
  );
});
