import {
  API_KEY_MESSAGES,
  API_KEYS_PATH,
  apiKeyRevokePath,
  apiKeysPath,
  type ApiKey,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { SHOWN_ONCE_WARNING } from '../components/create-api-key-dialog';
import { ApiKeysPage } from './api-keys-page';

afterEach(() => vi.unstubAllGlobals());

const KEY = `fbk_0123456789abcdef_${'a'.repeat(43)}`;

const apiKey = (patch: Partial<ApiKey> = {}): ApiKey => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Warehouse sync',
  prefix: 'fbk_0123456789abcdef',
  scopes: ['interactions:read'],
  created_by: 'Alex Admin',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  status: 'active',
  ...patch,
});

function show(handlers: Record<string, MockReply | ((call: { body: unknown }) => MockReply)>) {
  const api = mockApi(handlers);
  renderPage(<ApiKeysPage />, {
    route: API_KEYS_PATH,
    url: API_KEYS_PATH,
    user: makeUser('company_admin'),
  });
  return api;
}

const table = () => screen.getByRole('table', { name: 'API Keys' });

describe('ApiKeysPage', () => {
  it('shows skeleton rows, then each key with "Never" for an unused one', async () => {
    show({
      [`GET ${apiKeysPath}`]: {
        body: {
          data: [
            apiKey(),
            apiKey({
              id: '22222222-2222-4222-8222-222222222222',
              name: 'Old BI export',
              status: 'revoked',
              revoked_at: '2026-12-02T10:00:00.000Z',
              last_used_at: '2026-12-02T09:00:00.000Z',
            }),
          ],
        },
      },
    });
    expect(within(table()).getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    const active = (await screen.findByText('Warehouse sync')).closest('tr')!;
    expect(within(active).getByText('Never')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Interactions and transcripts')).toBeInTheDocument();
    expect(within(active).getByText('fbk_0123456789abcdef_…')).toBeInTheDocument();
    const revoked = screen.getByText('Old BI export').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says when there are no keys, and shows a failed load with a retry', async () => {
    let fail = true;
    show({
      [`GET ${apiKeysPath}`]: () =>
        fail ? { status: 500, body: { message: 'Server trouble' } } : { body: { data: [] } },
    });
    expect(await screen.findByText('Server trouble')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No API Keys Found')).toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button and the warning', async () => {
    const api = show({
      [`GET ${apiKeysPath}`]: { body: { data: [] } },
      [`POST ${apiKeysPath}`]: {
        body: {
          message: API_KEY_MESSAGES.created,
          data: {
            api_key: apiKey({ scopes: ['interactions:read', 'bot_results:read'] }),
            key: KEY,
          },
        },
      },
    });
    await screen.findByText('No API Keys Found');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), '  Warehouse sync ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Bot results/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText(SHOWN_ONCE_WARNING)).toBeInTheDocument();
    expect(within(shown).getByDisplayValue(KEY)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Warehouse sync',
      scopes: ['interactions:read', 'bot_results:read'],
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).toBeNull());
  });

  it('refuses a key without a scope before sending anything', async () => {
    const api = show({ [`GET ${apiKeysPath}`]: { body: { data: [] } } });
    await screen.findByText('No API Keys Found');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'No scope');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Interactions/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(API_KEY_MESSAGES.chooseScope)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('revokes a key after confirmation', async () => {
    let revoked = false;
    const api = show({
      [`GET ${apiKeysPath}`]: () => ({
        body: {
          data: [
            revoked
              ? apiKey({ status: 'revoked', revoked_at: '2026-12-03T10:00:00.000Z' })
              : apiKey(),
          ],
        },
      }),
      [`POST ${apiKeyRevokePath(apiKey().id)}`]: () => {
        revoked = true;
        return {
          body: {
            message: API_KEY_MESSAGES.revoked,
            data: apiKey({ status: 'revoked', revoked_at: '2026-12-03T10:00:00.000Z' }),
          },
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Warehouse sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(table()).findByText('Revoked')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
