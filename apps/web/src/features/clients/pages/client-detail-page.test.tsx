import {
  CLIENT_MESSAGES,
  PUBLISHER_INFO_MESSAGES,
  clientBotsPath,
  clientMarkupPath,
  clientPath,
  clientRunsPath,
  type ClientDetail,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/browser';
import { storeUser } from '@/lib/storage';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { currentUtcMonthLabel } from '../lib/month';
import { makeClientBot, makeClientDetail, makeClientRun, queriesTo, uuid } from '../test/fixtures';
import { ClientDetailPage } from './client-detail-page';

vi.mock('@/lib/browser', async (original) => ({
  ...(await original<typeof import('@/lib/browser')>()),
  loadPage: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
});

type Alias = 'publisher_admin' | 'publisher_user';

const renderDetail = (url: string, alias: Alias = 'publisher_admin') =>
  renderPage(<ClientDetailPage />, {
    route: '/clients/detail/:clientId/*',
    url,
    user: makeUser(alias),
  });

const definition = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

function serveClient(client: ClientDetail, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${clientPath(client.id)}`]: { body: { data: client } },
    [`GET ${clientBotsPath(client.id)}`]: { body: { data: [] } },
    [`GET ${clientRunsPath(client.id)}`]: { body: { data: { items: [], count: 0 } } },
    ...extra,
  });
}

describe('ClientDetailPage', () => {
  it('opens on the general tab with what the company shares and its default markup', async () => {
    const client = makeClientDetail();
    serveClient(client);
    const { router } = renderDetail(`/clients/detail/${client.id}`);
    expect(await screen.findByRole('heading', { name: 'Acme Heating' })).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/clients/detail/${client.id}/general`),
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByText(client.description!)).toBeInTheDocument();
    expect(definition('Location')).toBe('Austin, TX');
    expect(definition('Industry')).toBe('HVAC');
    expect(definition('Client since')).toBe('02/10/2026');
    expect(definition('Came through')).toBe('Referral link');
    expect(screen.getByTestId('client-markup-percent')).toHaveTextContent('20%');
    expect(screen.getByText('Default')).toBeInTheDocument();
  });

  it('lets the publisher admin set and clear the markup override', async () => {
    let client = makeClientDetail({ default_markup_percent: 20, markup_percent: 20 });
    const { calls } = mockApi({
      [`GET ${clientPath(client.id)}`]: () => ({ body: { data: client } }),
      [`POST ${clientMarkupPath(client.id)}`]: ({ body }) => {
        const override = (body as { markup_percent: number | null }).markup_percent;
        client = {
          ...client,
          markup_percent: override ?? client.default_markup_percent,
          markup_overridden: override !== null,
        };
        return { body: { message: CLIENT_MESSAGES.markupSaved, data: client } };
      },
    });
    renderDetail(`/clients/detail/${client.id}/general`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit markup' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit markup' });
    const input = within(dialog).getByRole('textbox', { name: /Markup for this client/ });
    expect(input).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Use the default markup (20%)' }),
    );
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // An empty override never reaches the server.
    expect(await within(dialog).findByText(PUBLISHER_INFO_MESSAGES.markupRange)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(input);
    await user.type(input, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CLIENT_MESSAGES.markupSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('client-markup-percent')).toHaveTextContent('35%'),
    );
    expect(screen.getByText('Custom')).toBeInTheDocument();
    expect(screen.getByText('Your default markup is 20%.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit markup' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit markup' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Use the default markup (20%)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('client-markup-percent')).toHaveTextContent('20%'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { markup_percent: 35 },
      { markup_percent: null },
    ]);
  });

  it('shows the markup read-only to a publisher user', async () => {
    const client = makeClientDetail({ markup_percent: 30, markup_overridden: true });
    serveClient(client);
    renderDetail(`/clients/detail/${client.id}/general`, 'publisher_user');
    expect(await screen.findByTestId('client-markup-percent')).toHaveTextContent('30%');
    expect(screen.getByText('Custom')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit markup' })).toBeNull();
  });

  it('lists the bots with the pinned version, updates and a deprecated pin', async () => {
    const client = makeClientDetail();
    serveClient(client, {
      [`GET ${clientBotsPath(client.id)}`]: {
        body: {
          data: [
            makeClientBot({ name: 'Plan offered', version: 3, latest_version: 3 }),
            makeClientBot({
              name: 'Price quoted',
              version: 1,
              latest_version: 2,
              update_available: true,
              retires_on: '2026-12-20',
            }),
          ],
        },
      },
    });
    const { router } = renderDetail(`/clients/detail/${client.id}/general`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Bots' }));
    expect(router.state.location.pathname).toBe(`/clients/detail/${client.id}/bots`);
    const table = await screen.findByRole('table', { name: 'Bots' });
    const current = within(table).getByText('Plan offered').closest('tr')!;
    expect(within(current).queryByText('Update available')).toBeNull();
    const old = within(table).getByText('Price quoted').closest('tr')!;
    expect(within(old).getByText('Update available')).toBeInTheDocument();
    expect(within(old).getByText('v1 retires on 12/20/2026')).toBeInTheDocument();
    expect(within(old).getByText('v2')).toBeInTheDocument();
  });

  it('lists the runs with their costs, filtered by month, status and bot in the URL', async () => {
    const client = makeClientDetail();
    const bot = makeClientBot({ bot_id: uuid(3001), name: 'Plan offered' });
    const { fetchMock } = serveClient(client, {
      [`GET ${clientBotsPath(client.id)}`]: { body: { data: [bot] } },
      [`GET ${clientRunsPath(client.id)}`]: {
        body: {
          data: {
            items: [
              makeClientRun({
                status: 'failed',
                run_type: 'manual',
                target_type: 'csr-call',
                estimated_cost_millicents: 6500,
                markup_percent: 20,
                client_cost_millicents: 7800,
              }),
            ],
            count: 1,
          },
        },
      },
    });
    const { router } = renderDetail(`/clients/detail/${client.id}/runs`);
    const table = await screen.findByRole('table', { name: 'Runs' });
    const row = (await within(table).findByText('Plan offered')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('Manual')).toBeInTheDocument();
    expect(within(row).getByText('CSR Call')).toBeInTheDocument();
    expect(within(row).getByText('$0.065')).toBeInTheDocument();
    expect(within(row).getByText('20%')).toBeInTheDocument();
    expect(within(row).getByText('$0.078')).toBeInTheDocument();
    // Nothing leads to the company's interactions.
    expect(within(table).queryAllByRole('link')).toEqual([]);

    expect(screen.getByText(`Runs of ${currentUtcMonthLabel(new Date())} (UTC)`)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await user.click(screen.getByLabelText('Bot', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plan offered' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('bot_id')).toBe(bot.bot_id),
    );
    await user.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    const month = new Date().getMonth() + 1;
    const monthName = new Date().toLocaleString('en-US', { month: 'long' });
    await user.click(
      screen.getByRole('button', { name: `${monthName} ${new Date().getFullYear()}` }),
    );
    const monthValue = `${String(month).padStart(2, '0')}/01/${new Date().getFullYear()}`;
    expect(
      await screen.findByText(`Runs of ${monthValue.replace('/01/', '/')} (UTC)`),
    ).toBeVisible();
    await waitFor(() =>
      expect(queriesTo(fetchMock, clientRunsPath(client.id)).at(-1)).toEqual({
        page: '1',
        status: 'failed',
        bot_id: bot.bot_id,
        month: monthValue,
        sort_direction: 'desc',
      }),
    );

    // Run At is the one sortable column: it flips the direction.
    await user.click(screen.getByRole('button', { name: 'Run At' }));
    await waitFor(() =>
      expect(queriesTo(fetchMock, clientRunsPath(client.id)).at(-1)).toMatchObject({
        sort_direction: 'asc',
      }),
    );
    expect(router.state.location.search).not.toContain('sort_by');
  });

  it("shows 'Client not found' for a malformed id without asking the server", async () => {
    const { calls } = mockApi({});
    renderDetail('/clients/detail/nope/general');
    expect(
      await screen.findByRole('heading', { name: CLIENT_MESSAGES.notFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Clients' })).toHaveAttribute(
      'href',
      '/clients/list',
    );
    expect(calls).toEqual([]);
  });

  it("shows 'Client not found' for another publisher's client while /404 loads", async () => {
    const id = uuid(404);
    storeUser(makeUser('publisher_admin'));
    mockApi({ [`GET ${clientPath(id)}`]: { status: 404, body: { message: 'Not found.' } } });
    renderDetail(`/clients/detail/${id}/general`);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/404'));
    expect(
      await screen.findByRole('heading', { name: CLIENT_MESSAGES.notFound }),
    ).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    const client = makeClientDetail();
    let fail = true;
    mockApi({
      [`GET ${clientPath(client.id)}`]: () =>
        fail ? { status: 500, body: { message: 'Down' } } : { body: { data: client } },
    });
    renderDetail(`/clients/detail/${client.id}/general`);
    expect(await screen.findByText('Down')).toBeInTheDocument();
    fail = false;
    await act(() => userEvent.setup().click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Acme Heating' })).toBeInTheDocument();
  });
});
