import {
  INTEGRATION_MESSAGES,
  INTEGRATIONS_REFETCH_MS,
  MASKED_SECRET,
  MESSAGES,
} from '@fieldbot/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiCall, type MockReply } from '@/test/mock-api';
import { syncIntegration } from '../api/sync-integration';
import { makeDetailBody, makeIntegration } from '../test/fixtures';
import { renderIntegrations } from '../test/render-integrations';
import { IntegrationDialog } from './integration-dialog';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SAVED = {
  client_id: 'cid-123',
  secret: MASKED_SECRET,
  tenant_id: '4455',
  app_key: 'ak_live',
  start_date: '2026-01-01',
};

type Handlers = Record<string, MockReply | ((call: ApiCall) => MockReply)>;

function renderDialog(detail: MockReply | (() => MockReply), handlers: Handlers = {}) {
  const api = mockApi({ 'GET /api/integration/1': detail, ...handlers });
  const onClose = vi.fn();
  const view = renderIntegrations(
    <IntegrationDialog
      integration={{ integration_id: 1, name: 'ServiceTitan' }}
      onClose={onClose}
    />,
  );
  const posts = () => api.calls.filter((c) => c.method === 'POST');
  return { ...view, api, onClose, posts };
}

const dialog = () => screen.findByRole('dialog', { name: 'ServiceTitan integration' });
const input = (label: string | RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function fillFields(values: [RegExp, string][]) {
  for (const [label, value] of values) {
    await userEvent.clear(input(label));
    if (value) await userEvent.type(input(label), value);
  }
}

describe('IntegrationDialog', () => {
  it('reads required_fields sent as JSON text and starts in edit mode with nothing saved', async () => {
    renderDialog({ body: { data: makeDetailBody() } });
    await dialog();
    expect(await screen.findByLabelText(/Client ID/)).not.toHaveAttribute('readonly');
    expect(input(/Client Secret/)).toHaveAttribute('type', 'password');
    expect(input(/Tenant ID/)).toHaveAttribute('inputmode', 'numeric');
    expect(input(/Start Date/)).toHaveAttribute('type', 'date');
    expect(input(/Start Date/)).toHaveAttribute('max', dayjs().format('YYYY-MM-DD'));
    expect(input(/App Key/)).toBeRequired();
    expect(input(/Start Date/)).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows saved values read-only, the secret masked, and asks before editing', async () => {
    renderDialog({ body: { data: makeDetailBody({ values: SAVED, connected_status: 1 }) } });
    await dialog();
    expect(await screen.findByLabelText(/Client ID/)).toHaveValue('cid-123');
    expect(input(/Client ID/)).toHaveAttribute('readonly');
    expect(input(/Client Secret/)).toHaveValue(MASKED_SECRET);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Edit Confirmation' });
    expect(within(confirm).getByText(INTEGRATION_MESSAGES.warning)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Confirmation' })).not.toBeInTheDocument(),
    );
    expect(input(/Client ID/)).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Confirmation' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(input(/Client ID/)).not.toHaveAttribute('readonly'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows each field rule of spec §5 under its field and sends nothing', async () => {
    const { posts } = renderDialog({ body: { data: makeDetailBody() } });
    await dialog();
    await screen.findByLabelText(/Client ID/);
    await fillFields([
      [/Client ID/, 'cid 1'],
      [/Tenant ID/, '44 a'],
      [/App Key/, ''],
    ]);
    await userEvent.type(input(/Client Secret/), 'p@ss word');
    fireEvent.change(input(/Start Date/), {
      target: { value: dayjs().add(1, 'day').format('YYYY-MM-DD') },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const messages = (label: RegExp) =>
      document.getElementById(input(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)
        ?.textContent;
    await waitFor(() => expect(messages(/Client ID/)).toBe(INTEGRATION_MESSAGES.noWhitespace));
    expect(messages(/Client Secret/)).toBe(INTEGRATION_MESSAGES.noWhitespace);
    expect(messages(/Tenant ID/)).toBe(INTEGRATION_MESSAGES.numericOnly);
    expect(messages(/App Key/)).toBe(MESSAGES.required);
    expect(messages(/Start Date/)).toBe(INTEGRATION_MESSAGES.dateNotAfterToday);
    expect(posts()).toHaveLength(0);
  });

  it('skips saving when every value is empty', async () => {
    const optional = JSON.stringify([
      { name: 'client_id', type: 'text', required: 0 },
      { name: 'start_date', type: 'date', required: 0 },
    ]);
    const { posts } = renderDialog({
      body: { data: makeDetailBody({ required_fields: optional }) },
    });
    await dialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    // Give a request that should not happen the time to happen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts()).toHaveLength(0);
    expect(input(/Client ID/)).not.toHaveAttribute('readonly');
  });

  it('saves, toasts, returns to read-only and enables Sync', async () => {
    const saved = makeDetailBody({ values: SAVED, connected_status: 1 });
    const { posts } = renderDialog(
      { body: { data: makeDetailBody() } },
      {
        'POST /api/integration': {
          body: { message: INTEGRATION_MESSAGES.saved, data: saved },
        },
      },
    );
    await dialog();
    await screen.findByLabelText(/Client ID/);
    await fillFields([
      [/Client ID/, 'cid-123'],
      [/Tenant ID/, '4455'],
      [/App Key/, 'ak_live'],
    ]);
    await userEvent.type(input(/Client Secret/), 's3cret');
    fireEvent.change(input(/Start Date/), { target: { value: '2026-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(INTEGRATION_MESSAGES.saved)).toBeInTheDocument();
    expect(posts()[0]).toEqual({
      method: 'POST',
      path: '/api/integration',
      body: {
        integration_id: 1,
        values: { ...SAVED, secret: 's3cret' },
      },
    });
    await waitFor(() => expect(input(/Client ID/)).toHaveAttribute('readonly'));
    expect(input(/Client Secret/)).toHaveValue(MASKED_SECRET);
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
  });

  it('keeps a saved secret unless the admin replaces it', async () => {
    const { posts } = renderDialog(
      { body: { data: makeDetailBody({ values: SAVED, connected_status: 1 }) } },
      {
        'POST /api/integration': {
          body: {
            message: INTEGRATION_MESSAGES.saved,
            data: makeDetailBody({ values: SAVED, connected_status: 1 }),
          },
        },
      },
    );
    await dialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Confirmation' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(input(/Client ID/)).not.toHaveAttribute('readonly'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ values: { secret: MASKED_SECRET } });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Confirmation' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(input(/Client Secret/)).not.toHaveAttribute('readonly'));
    // Typing over the mask starts a new secret: the dots are not part of it.
    await userEvent.type(input(/Client Secret/), 'n3w');
    expect(input(/Client Secret/)).toHaveValue('n3w');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toMatchObject({ values: { secret: 'n3w' } });
  });

  it("shows the server's 422 messages under their fields", async () => {
    renderDialog(
      { body: { data: makeDetailBody() } },
      {
        'POST /api/integration': {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: {
              'values.tenant_id': ['The CRM does not know this tenant.'],
              client_id: ['The CRM rejected these credentials.'],
            },
          },
        },
      },
    );
    await dialog();
    await screen.findByLabelText(/Client ID/);
    await fillFields([
      [/Client ID/, 'cid-123'],
      [/Tenant ID/, '4455'],
      [/App Key/, 'ak_live'],
    ]);
    await userEvent.type(input(/Client Secret/), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The CRM does not know this tenant.')).toBeInTheDocument();
    expect(screen.getByText('The CRM rejected these credentials.')).toBeInTheDocument();
    expect(input(/Client ID/)).not.toHaveAttribute('readonly');
  });

  it('starts a sync: the dialog closes, the notice shows and the company is CRM-connected', async () => {
    const { onClose, posts, currentUser } = renderDialog(
      { body: { data: makeDetailBody({ values: SAVED, connected_status: 1 }) } },
      {
        'POST /api/integration/sync': {
          body: {
            message: INTEGRATION_MESSAGES.syncStarted,
            data: makeIntegration({
              connected_status: 1,
              sync_status: 'on',
              sync_process_status: 'pending',
            }),
          },
        },
      },
    );
    await dialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()[0]).toEqual({
      method: 'POST',
      path: '/api/integration/sync',
      body: { integration_id: 1 },
    });
    expect(await screen.findByText(INTEGRATION_MESSAGES.syncNotice)).toBeInTheDocument();
    expect(currentUser()?.company?.is_crm_connected).toBe(true);
  });

  it.each(['pending', 'in-progress'] as const)(
    'disables Sync as Syncing while the sync is %s',
    async (status) => {
      renderDialog({
        body: {
          data: makeDetailBody({
            values: SAVED,
            connected_status: 1,
            sync_process_status: status,
          }),
        },
      });
      await dialog();
      expect(await screen.findByRole('button', { name: 'Syncing' })).toBeDisabled();
    },
  );

  it('follows a running sync and offers Sync again once it is complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'in-progress' | 'success' = 'in-progress';
    renderDialog(() => ({
      body: {
        data: makeDetailBody({ values: SAVED, connected_status: 1, sync_process_status: status }),
      },
    }));
    await dialog();
    expect(await screen.findByRole('button', { name: 'Syncing' })).toBeDisabled();
    status = 'success';
    await vi.advanceTimersByTimeAsync(INTEGRATIONS_REFETCH_MS + 100);
    expect(await screen.findByRole('button', { name: 'Sync' })).toBeEnabled();
  });

  it('puts the saved values back when an edit is cancelled', async () => {
    const { posts } = renderDialog({
      body: { data: makeDetailBody({ values: SAVED, connected_status: 1 }) },
    });
    await dialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Confirmation' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(input(/Client ID/)).not.toHaveAttribute('readonly'));
    await fillFields([[/Client ID/, 'other']]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(input(/Client ID/)).toHaveValue('cid-123');
    expect(input(/Client ID/)).toHaveAttribute('readonly');
    expect(posts()).toHaveLength(0);
  });

  it("toasts 'Integration ID Not Found' when the server knows no such integration", async () => {
    const { onClose, currentUser } = renderDialog(
      { body: { data: makeDetailBody({ values: SAVED, connected_status: 1 }) } },
      {
        'POST /api/integration/sync': {
          status: 422,
          body: {
            message: INTEGRATION_MESSAGES.idNotFound,
            errors: { integration_id: [INTEGRATION_MESSAGES.idNotFound] },
          },
        },
      },
    );
    await dialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.idNotFound)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(currentUser()?.company?.is_crm_connected).toBe(false);
  });

  it('shows why the details could not be loaded', async () => {
    renderDialog({ status: 404, body: { message: INTEGRATION_MESSAGES.idNotFound } });
    const shown = await dialog();
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      INTEGRATION_MESSAGES.idNotFound,
    );
    expect(within(shown).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('syncIntegration', () => {
  it("fails with 'Integration ID Not Found' without a request when there is no id", async () => {
    const { calls } = mockApi({});
    await expect(syncIntegration(undefined)).rejects.toThrow(INTEGRATION_MESSAGES.idNotFound);
    await expect(syncIntegration(0)).rejects.toThrow(INTEGRATION_MESSAGES.idNotFound);
    expect(calls).toHaveLength(0);
  });
});
