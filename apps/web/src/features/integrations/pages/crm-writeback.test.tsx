import {
  CRM_WRITEBACK_MESSAGES,
  type CrmWritebackStatus,
  type DemoCrmNote,
} from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { mockApi, type MockReply } from '@/test/mock-api';
import { makeIntegration } from '../test/fixtures';
import { renderIntegrations } from '../test/render-integrations';
import { IntegrationsPage } from './integrations-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A company admin whose account is set up (the write-back routes need one). */
const setUpAdmin = () =>
  makeUser('company_admin', {
    company: makeCompany({ is_billing_connected: true, is_crm_connected: true }),
  });

const BOT = '6a0c6f53-1d3a-4c55-9a43-2f5b3f6a9e01';
const serviceTitan = makeIntegration({
  connected_status: 1,
  sync_status: 'on',
  sync_process_status: 'success',
});

function status(overrides: Partial<CrmWritebackStatus> = {}): CrmWritebackStatus {
  return {
    integration: { integration_id: 1, slug: 'servicetitan', name: 'ServiceTitan' },
    bots: [{ bot_id: BOT, name: 'Upsell Finder', enabled: false }],
    failure: null,
    ...overrides,
  };
}

function renderPage(
  writeback: MockReply,
  extra: Record<string, MockReply> = {},
  colorScheme: 'light' | 'dark' = 'light',
) {
  const api = mockApi({
    'GET /api/integration': { body: { data: [serviceTitan] } },
    'GET /api/crm-writeback': writeback,
    [`PUT /api/crm-writeback/bots/${BOT}`]: {
      body: {
        message: CRM_WRITEBACK_MESSAGES.saved,
        data: { bot_id: BOT, name: 'Upsell Finder', enabled: true },
      },
    },
    ...extra,
  });
  return { api, ...renderIntegrations(<IntegrationsPage />, { user: setUpAdmin(), colorScheme }) };
}

const panel = () => screen.getByRole('region', { name: 'Write results to CRM' });

describe('Write results to CRM', () => {
  it('shows a skeleton, then a switch per subscribed bot that saves when turned on', async () => {
    const { api } = renderPage({ body: { data: status() } });
    expect(within(panel()).getByText('Loading write-back settings')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', {
      name: 'Write Upsell Finder results to ServiceTitan',
    });
    expect(toggle).not.toBeChecked();
    expect(await blockingViolations()).toEqual([]);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: `/api/crm-writeback/bots/${BOT}`,
      body: { enabled: true },
    });
    expect(await screen.findByText(CRM_WRITEBACK_MESSAGES.saved)).toBeInTheDocument();
  });

  it('shows failed writes on the CRM’s card', async () => {
    renderPage(
      {
        body: {
          data: status({
            failure: {
              count: 3,
              last_error: 'ServiceTitan refused the request (HTTP 400).',
              last_failed_at: '2026-03-01T09:00:00.000Z',
            },
          }),
        },
      },
      {},
      'dark',
    );
    const card = await screen.findByRole('article', { name: 'ServiceTitan' });
    expect(
      await within(card).findByText(
        /Couldn't write 3 results to ServiceTitan: ServiceTitan refused the request \(HTTP 400\)\./,
      ),
    ).toBeInTheDocument();
    expect(await blockingViolations()).toEqual([]);
  });

  it('says what to do when no CRM is connected or no bot is subscribed, and shows an error with a retry', async () => {
    const first = renderPage({ body: { data: status({ integration: null, bots: [] }) } });
    expect(await within(panel()).findByText(/Connect a CRM above/)).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    const second = renderPage({ body: { data: status({ bots: [] }) } });
    expect(await within(panel()).findByText(/Your company has no bots yet/)).toBeInTheDocument();
    second.unmount();
    vi.unstubAllGlobals();

    renderPage({ status: 500, body: { message: 'Something went wrong.' } });
    expect(await within(panel()).findByRole('alert')).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the Demo CRM’s notes', async () => {
    const note: DemoCrmNote = {
      id: '0d1f7c2e-9b9a-4f0e-8d51-5b0c2a6f1e11',
      target_kind: 'customer',
      target_external_id: 'C-1001',
      text: 'Fieldbot: Upsell Finder\nEvidence: Offered a plan',
      updated_at: '2026-03-01T09:00:00.000Z',
    };
    renderPage(
      {
        body: {
          data: status({ integration: { integration_id: 2, slug: 'demo-crm', name: 'Demo CRM' } }),
        },
      },
      { 'GET /api/crm-writeback/demo-notes': { body: { data: [note] } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'View Demo CRM notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo CRM notes' });
    expect(await within(dialog).findByText(/Evidence: Offered a plan/)).toBeInTheDocument();
    expect(within(dialog).getByText(/On customer C-1001/)).toBeInTheDocument();
  });
});
