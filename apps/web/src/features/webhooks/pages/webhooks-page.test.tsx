import {
  WEBHOOKS_API_PATH,
  WEBHOOKS_PATH,
  WEBHOOK_MESSAGES,
  webhookApiPath,
  type WebhookEndpoint,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { WebhooksPage } from './webhooks-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '4b0f3a52-3c1f-4d6e-9b7a-2f5f0c1d8e9a';

const endpoint = (patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ID,
  url: 'https://hooks.example.com/fieldbot',
  description: 'Warehouse',
  event_types: ['bot_result.completed'],
  status: 'enabled',
  disabled_at: null,
  previous_secret_expires_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
  last_delivery: null,
  ...patch,
});

function open(list: MockReply, more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET ${WEBHOOKS_API_PATH}`]: list, ...more });
  renderPage(<WebhooksPage />, {
    route: WEBHOOKS_PATH,
    url: WEBHOOKS_PATH,
    user: makeUser('company_admin'),
  });
  return api;
}

describe('WebhooksPage', () => {
  it('shows a skeleton, then the empty state with a way to add the first endpoint', async () => {
    open({ body: { data: [] } });
    expect(screen.getByLabelText('Loading webhook endpoints')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add webhook endpoint' })).toBeVisible();
  });

  it('shows the server message with a retry when the list fails', async () => {
    open({ status: 500, body: { message: 'Server Error' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('explains an endpoint disabled after failures and offers to enable it', async () => {
    const api = open(
      { body: { data: [endpoint({ status: 'disabled_after_failures' })] } },
      {
        [`PUT ${webhookApiPath(ID, 'status')}`]: {
          body: { message: WEBHOOK_MESSAGES.enabled, data: endpoint() },
        },
      },
    );
    const card = await screen.findByRole('article', { name: 'Webhook endpoint Warehouse' });
    expect(within(card).getByTestId('webhook-status')).toHaveTextContent('Disabled after failures');
    expect(within(card).getByText(WEBHOOK_MESSAGES.disabledAfterFailures)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Enable Warehouse' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.enabled)).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: webhookApiPath(ID, 'status'),
      body: { enabled: true },
    });
  });

  it('puts a refused URL under the URL field', async () => {
    open(
      { body: { data: [] } },
      {
        [`POST ${WEBHOOKS_API_PATH}`]: {
          status: 422,
          body: {
            message: WEBHOOK_MESSAGES.urlRefused,
            errors: { url: [WEBHOOK_MESSAGES.urlRefused] },
          },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Endpoint URL/ }),
      'https://10.0.0.1/hook',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlRefused)).toBeInTheDocument();
  });

  it('reveals the signing secret only when asked', async () => {
    const secret = `whsec_${'A'.repeat(43)}=`;
    const api = open(
      { body: { data: [endpoint()] } },
      {
        [`GET ${webhookApiPath(ID, 'secret')}`]: {
          body: { data: { secret, previous_secret_expires_at: null } },
        },
      },
    );
    const card = await screen.findByRole('article', { name: 'Webhook endpoint Warehouse' });
    expect(api.calls.some((c) => c.path === webhookApiPath(ID, 'secret'))).toBe(false);
    await userEvent.click(
      within(card).getByRole('button', { name: 'Reveal signing secret of Warehouse' }),
    );
    expect(await within(card).findByDisplayValue(secret)).toBeInTheDocument();
  });
});
