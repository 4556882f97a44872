import { archiveBotPath, publisherBotPath } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/browser';
import { storeUser } from '@/lib/storage';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, makeVersion, uuid } from '../test/fixtures';
import { BotDetailPage } from './bot-detail-page';

vi.mock('@/lib/browser', async (original) => ({
  ...(await original<typeof import('@/lib/browser')>()),
  loadPage: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
});

const renderDetail = (id: string) =>
  renderPage(<BotDetailPage />, {
    route: '/bot/detail/:id',
    url: `/bot/detail/${id}`,
    user: makeUser('publisher_admin'),
  });

/** The header card's value for a term (a dl of trigger, event, engine, visibility). */
const definition = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('BotDetailPage', () => {
  it('shows the bot, its versions with accuracy, and the companies on each version', async () => {
    const bot = makeBotDetail({
      latest_version: 3,
      versions: [
        makeVersion({ number: 1, changelog: 'First', feedback: { correct: 0, wrong: 0 } }),
        makeVersion({
          number: 3,
          changelog: 'Finds prices',
          companies_count: 2,
          feedback: { correct: 9, wrong: 3 },
        }),
        makeVersion({ number: 2, changelog: 'Better phrases', feedback: { correct: 1, wrong: 1 } }),
      ],
      companies: [
        { id: uuid(501), name: 'Acme Heating', version: 3 },
        { id: uuid(502), name: 'Best Plumbing', version: 1 },
      ],
    });
    mockApi({ [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } } });
    renderDetail(bot.id);

    expect(await screen.findByRole('heading', { name: bot.name })).toBeInTheDocument();
    expect(definition('Trigger')).toBe('Recording Complete');
    expect(definition('Event')).toBe('Every');
    expect(definition('Engine')).toBe('Rules');
    expect(definition('Visibility')).toBe('Marketplace');
    expect(screen.getByText(bot.description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/bot/create/${bot.id}`,
    );

    const versions = screen.getByRole('table', { name: 'Versions' });
    const order = within(versions)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(order).toEqual(['v3', 'v2', 'v1']);
    const v3 = rowOf(versions, 'Finds prices');
    expect(within(v3).getByText('75%')).toBeInTheDocument();
    expect(within(v3).getByText('9 correct, 3 wrong')).toBeInTheDocument();
    expect(within(rowOf(versions, 'Better phrases')).getByText('50%')).toBeInTheDocument();
    const v1 = rowOf(versions, 'First');
    expect(within(v1).getByText('—')).toBeInTheDocument();
    expect(within(v1).getByText('No reviewer marks yet')).toBeInTheDocument();

    const companies = screen.getByRole('table', { name: 'Companies' });
    expect(within(rowOf(companies, 'Acme Heating')).queryByText('Update available')).toBeNull();
    expect(within(rowOf(companies, 'Best Plumbing')).getByText('v1')).toBeInTheDocument();
    expect(within(rowOf(companies, 'Best Plumbing')).getByText('Update available')).toBeVisible();
  });

  it('shows empty versions and companies for a never-published draft', async () => {
    const bot = makeBotDetail({ status: 'draft', latest_version: null });
    mockApi({ [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } } });
    renderDetail(bot.id);
    expect(await screen.findByText('No Versions Found')).toBeInTheDocument();
    expect(screen.getByText('No Companies Found')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('archives after confirmation and shows the new status', async () => {
    let bot = makeBotDetail();
    const { calls } = mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: () => ({ body: { data: bot } }),
      [`POST ${archiveBotPath(bot.id)}`]: () => {
        bot = { ...bot, status: 'archived' };
        return { body: { data: bot } };
      },
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: `Archive ${bot.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === archiveBotPath(bot.id))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull());
  });

  it('shows Bot not found for a malformed id without asking the server', async () => {
    const { calls } = mockApi({});
    renderDetail('not-a-bot');
    expect(await screen.findByRole('heading', { name: 'Bot not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Bots' })).toHaveAttribute('href', '/bot/list');
    expect(calls).toEqual([]);
  });

  it('sends a publisher to /404 for another publisher’s bot (spec §8)', async () => {
    const id = uuid(404);
    // The http client reads the signed-in user from storage, as after a login.
    storeUser(makeUser('publisher_admin'));
    mockApi({ [`GET ${publisherBotPath(id)}`]: { status: 404, body: { message: 'Not found.' } } });
    renderDetail(id);
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/404'));
    // Until the full load lands, the page says the same.
    expect(await screen.findByRole('heading', { name: 'Bot not found' })).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    const bot = makeBotDetail();
    mockApi({ [`GET ${publisherBotPath(bot.id)}`]: { status: 500, body: { message: 'Down' } } });
    renderDetail(bot.id);
    expect(await screen.findByText('Down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
