import {
  INTEGRATION_MESSAGES,
  INTEGRATIONS_REFETCH_MS,
  REFERRAL_REDIRECT_DELAY_MS,
  STORAGE_KEYS,
  SYNC_PROCESS_LABELS,
  type IntegrationListItem,
} from '@fieldbot/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { makeIntegration } from '../test/fixtures';
import { renderIntegrations } from '../test/render-integrations';
import { IntegrationsPage } from './integrations-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const list = (...rows: IntegrationListItem[]): MockReply => ({ body: { data: rows } });

function renderPage(
  rows: IntegrationListItem[],
  options?: Parameters<typeof renderIntegrations>[1],
) {
  const api = mockApi({ 'GET /api/integration': list(...rows) });
  return { api, ...renderIntegrations(<IntegrationsPage />, options) };
}

const card = (name: string) => screen.getByRole('article', { name });
const listCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/integration').length;

describe('IntegrationsPage list', () => {
  it('shows a skeleton, then each integration with its logo, texts and the warning notice', async () => {
    renderPage([makeIntegration()]);
    expect(screen.getByLabelText('Loading integrations')).toHaveAttribute('aria-busy', 'true');
    const row = await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(within(row).getByText('Customers, jobs, technicians and calls')).toBeInTheDocument();
    expect(within(row).getByText('Field Service CRM')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'ServiceTitan logo' })).toHaveAttribute(
      'src',
      '/images/integrations/servicetitan.svg',
    );
    expect(screen.getByText(INTEGRATION_MESSAGES.warning)).toBeInTheDocument();
  });

  it('uses the dark logo in the dark colour scheme', async () => {
    renderPage([makeIntegration()], { colorScheme: 'dark' });
    const row = await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(within(row).getByRole('img', { name: 'ServiceTitan logo' })).toHaveAttribute(
      'src',
      '/images/integrations/servicetitan-dark.svg',
    );
  });

  it('offers Connect without Sync while not connected', async () => {
    renderPage([makeIntegration()]);
    await screen.findByRole('article', { name: 'ServiceTitan' });
    const row = card('ServiceTitan');
    expect(within(row).getByText('Not Connected')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Connect ServiceTitan' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: /Sync/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Modify/ })).not.toBeInTheDocument();
  });

  it('offers Modify and Sync once connected, with the last sync time', async () => {
    renderPage([
      makeIntegration({
        connected_status: 1,
        sync_status: 'on',
        sync_process_status: 'success',
        last_synced_at: '2026-03-01T09:00:00.000Z',
      }),
    ]);
    const row = await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(within(row).getByText(SYNC_PROCESS_LABELS.success)).toBeInTheDocument();
    expect(within(row).getByText(/^Last synced \d\d\/\d\d\/2026/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Modify ServiceTitan' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Sync ServiceTitan' })).toBeEnabled();
  });

  it.each(['pending', 'in-progress'] as const)(
    'while %s shows only a disabled Syncing button and the sync notice',
    async (status) => {
      renderPage([
        makeIntegration({ connected_status: 1, sync_status: 'on', sync_process_status: status }),
      ]);
      const row = await screen.findByRole('article', { name: 'ServiceTitan' });
      expect(within(row).getByText(SYNC_PROCESS_LABELS[status])).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Syncing ServiceTitan' })).toBeDisabled();
      expect(within(row).queryByRole('button', { name: /Modify|Connect/ })).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(INTEGRATION_MESSAGES.syncNotice);
    },
  );

  it('shows a failed sync with its reason and lets the admin retry it', async () => {
    renderPage([
      makeIntegration({
        connected_status: 1,
        sync_status: 'on',
        sync_process_status: 'fail',
        last_sync_error: 'The CRM rejected the client secret.',
      }),
    ]);
    const row = await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(within(row).getByText(SYNC_PROCESS_LABELS.fail)).toBeInTheDocument();
    expect(within(row).getByText('The CRM rejected the client secret.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Sync ServiceTitan' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Modify ServiceTitan' })).toBeEnabled();
  });

  it('shows an empty state', async () => {
    renderPage([]);
    expect(await screen.findByText('No integrations available')).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the list', async () => {
    let fail = true;
    mockApi({
      'GET /api/integration': () =>
        fail ? { status: 500, body: { message: 'Server unavailable' } } : list(makeIntegration()),
    });
    renderIntegrations(<IntegrationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'ServiceTitan' })).toBeInTheDocument();
  });

  it(`refetches the list every ${INTEGRATIONS_REFETCH_MS / 1000} s and shows the new status`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: IntegrationListItem['sync_process_status'] = 'pending';
    const api = mockApi({
      'GET /api/integration': () =>
        list(makeIntegration({ connected_status: 1, sync_process_status: status })),
    });
    renderIntegrations(<IntegrationsPage />);
    expect(await screen.findByText(SYNC_PROCESS_LABELS.pending)).toBeInTheDocument();
    expect(listCalls(api.calls)).toBe(1);
    status = 'in-progress';
    await vi.advanceTimersByTimeAsync(INTEGRATIONS_REFETCH_MS - 500);
    expect(listCalls(api.calls)).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(await screen.findByText(SYNC_PROCESS_LABELS['in-progress'])).toBeInTheDocument();
    expect(listCalls(api.calls)).toBe(2);
  });
});

describe('IntegrationsPage sync and app state', () => {
  it('starts a sync from the list: the notice shows and the company counts as CRM-connected', async () => {
    let row = makeIntegration({ connected_status: 1, sync_process_status: 'fail' });
    const api = mockApi({
      'GET /api/integration': () => list(row),
      'POST /api/integration/sync': () => {
        row = { ...row, sync_status: 'on', sync_process_status: 'pending' };
        return { body: { message: INTEGRATION_MESSAGES.syncStarted, data: row } };
      },
    });
    const { currentUser } = renderIntegrations(<IntegrationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sync ServiceTitan' }));
    // The toast, titled 'Data sync has started.', carries the notice the page shows meanwhile too.
    const toast = (await screen.findByText(INTEGRATION_MESSAGES.syncStarted)).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(toast).toHaveTextContent(INTEGRATION_MESSAGES.syncNotice);
    expect(screen.getByRole('status')).toHaveTextContent(INTEGRATION_MESSAGES.syncNotice);
    expect(api.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/integration/sync',
      body: { integration_id: 1 },
    });
    expect(currentUser()?.company?.is_crm_connected).toBe(true);
    expect(
      JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}').company.is_crm_connected,
    ).toBe(true);
  });

  it('flags the company CRM-connected when a CRM-group integration has sync_status on', async () => {
    const { currentUser } = renderPage([
      makeIntegration({ connected_status: 1, sync_status: 'on', sync_process_status: 'success' }),
    ]);
    await waitFor(() => expect(currentUser()?.company?.is_crm_connected).toBe(true));
  });

  it('does not flag it for a non-CRM integration, nor for sync_status off', async () => {
    const { currentUser } = renderPage([
      makeIntegration({ connected_status: 1, sync_status: 'off', sync_process_status: 'success' }),
      makeIntegration({
        id: 2,
        integration_id: 2,
        name: 'Mailer',
        group_type: 'Marketing',
        connected_status: 1,
        sync_status: 'on',
      }),
    ]);
    await screen.findByRole('article', { name: 'Mailer' });
    expect(currentUser()?.company?.is_crm_connected).toBe(false);
  });

  it(`sends a referred admin to /marketplace ${REFERRAL_REDIRECT_DELAY_MS} ms after the CRM sync starts`, async () => {
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'northwind-bots-42');
    const { router } = renderPage([
      makeIntegration({
        connected_status: 1,
        sync_status: 'on',
        sync_process_status: 'in-progress',
      }),
    ]);
    await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(router.state.location.pathname).toBe('/settings/integrations');
    expect(await screen.findByTestId('elsewhere', {}, { timeout: 4000 })).toHaveTextContent(
      '/marketplace',
    );
  });

  it('keeps an admin without a referral code on the tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderPage([
      makeIntegration({ connected_status: 1, sync_status: 'on', sync_process_status: 'success' }),
    ]);
    await screen.findByRole('article', { name: 'ServiceTitan' });
    await vi.advanceTimersByTimeAsync(REFERRAL_REDIRECT_DELAY_MS * 2);
    expect(router.state.location.pathname).toBe('/settings/integrations');
  });

  it('keeps a referred admin on the tab while the CRM sync has not started', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'northwind-bots-42');
    const { router } = renderPage([
      makeIntegration({ connected_status: 1, sync_process_status: 'pending' }),
    ]);
    await screen.findByRole('article', { name: 'ServiceTitan' });
    await vi.advanceTimersByTimeAsync(REFERRAL_REDIRECT_DELAY_MS * 2);
    expect(router.state.location.pathname).toBe('/settings/integrations');
  });
});
