import { publisherBotsPath, type BotListItem } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotListItem, queriesTo, uuid } from '../test/fixtures';
import { BotsPage, PrivateBotsPage } from './bots-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** 23 bots whose names say which page they came from; 'nobody' finds none. */
function serve(total = 23) {
  const api = mockApi({});
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const params = new URL(String(input), 'http://localhost').searchParams;
    const page = Number(params.get('page') ?? 1);
    const count = params.get('keyword') === 'nobody' ? 0 : total;
    const items: BotListItem[] = [];
    for (let i = (page - 1) * 10; i < Math.min(page * 10, count); i++) {
      items.push(makeBotListItem({ id: uuid(i + 1), name: `Bot p${page}-${i + 1}` }));
    }
    return new Response(JSON.stringify({ data: { items, count } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return api;
}

const renderList = (url = '/bot/list') =>
  renderPage(<BotsPage />, { route: '/bot/list', url, user: makeUser() });

describe('BotsPage', () => {
  it('lists bots with icon, trigger and event labels, engine, status, version and companies', async () => {
    const { fetchMock } = serve();
    renderList();
    const link = await screen.findByRole('link', { name: 'Bot p1-1' });
    expect(link).toHaveAttribute('href', `/bot/detail/${uuid(1)}`);
    const table = screen.getByRole('table', { name: 'Bots' });
    for (const header of ['Bot Name', 'Trigger', 'Event', 'Engine', 'Status', 'Latest Version']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = link.closest('tr')!;
    expect(within(row).getByText('Call Complete')).toBeInTheDocument();
    expect(within(row).getByText('Call Booked')).toBeInTheDocument();
    expect(within(row).getByText('Rules')).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('v2')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/bot-icons/green-light.webp');
    expect(screen.getByText('Showing 1 to 10 of 23 entries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Bot' })).toHaveAttribute('href', '/bot/create');
    expect(queriesTo(fetchMock, publisherBotsPath)).toEqual([{ page: '1' }]);
  });

  it('pages through the query string', async () => {
    const { fetchMock } = serve();
    const { router } = renderList();
    await screen.findByText('Bot p1-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Bot p3-21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(queriesTo(fetchMock, publisherBotsPath).at(-1)).toEqual({ page: '3' });
  });

  it('searches one second after typing stops, back on page 1, and shows No Bots Found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = serve();
    const { router } = renderList('/bot/list?page=2');
    await screen.findByText('Bot p2-11');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search bots' }), 'nobody');
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('?page=2');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=nobody'));
    expect(await screen.findByText('No Bots Found')).toBeInTheDocument();
    expect(queriesTo(fetchMock, publisherBotsPath).filter((q) => q.keyword)).toEqual([
      { page: '1', keyword: 'nobody' },
    ]);
  });

  it('filters by status and trigger', async () => {
    const { fetchMock } = serve();
    const { router } = renderList();
    await screen.findByText('Bot p1-1');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await user.click(screen.getByLabelText('Trigger', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Job Complete' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=draft&trigger=job-complete'),
    );
    await waitFor(() =>
      expect(queriesTo(fetchMock, publisherBotsPath).at(-1)).toEqual({
        page: '1',
        status: 'draft',
        trigger: 'job-complete',
      }),
    );
  });

  it('ignores a bad filter value in the URL instead of failing the list', async () => {
    const { fetchMock } = serve();
    renderList('/bot/list?status=gone&trigger=call-complete');
    await screen.findByText('Bot p1-1');
    expect(queriesTo(fetchMock, publisherBotsPath)).toEqual([
      { page: '1', trigger: 'call-complete' },
    ]);
    expect(screen.getByLabelText('Trigger', { selector: 'input' })).toHaveValue('Call Complete');
  });

  it('shows the server message when the list fails', async () => {
    mockApi({ [`GET ${publisherBotsPath}`]: { status: 500, body: { message: 'Server down' } } });
    renderList();
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('PrivateBotsPage', () => {
  it('asks the server for private bots only, keeping the other query fields', async () => {
    const { fetchMock } = serve();
    renderPage(<PrivateBotsPage />, {
      route: '/bot/private-bot',
      url: '/bot/private-bot?page=2',
      user: makeUser('publisher_admin'),
    });
    await screen.findByText('Bot p2-11');
    expect(queriesTo(fetchMock, publisherBotsPath)).toEqual([{ page: '2', visibility: 'private' }]);
    expect(screen.getByRole('link', { name: 'Private Bots' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
