import { archiveBotPath, publisherBotPath } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/browser';
import { storeUser } from '@/lib/storage';
import { blockingViolations } from '@/test/axe';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, makeVersion, uuid } from '../test/fixtures';
import { NO_MARKS_YET } from '../components/tag-accuracy-section';
import { NO_WORST_MISSES } from '../components/worst-misses-section';
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

  it('shows each version’s precision and recall per tag, and the worst misses', async () => {
    const bot = makeBotDetail({
      latest_version: 2,
      versions: [
        makeVersion({
          number: 1,
          tag_accuracy: [
            {
              tag_id: 0,
              label: 'Plan offered',
              correct: 0,
              wrong: 0,
              missed: 0,
              precision: null,
              recall: null,
              n: 0,
            },
          ],
        }),
        makeVersion({
          number: 2,
          changelog: 'Finds prices',
          tag_accuracy: [
            {
              tag_id: 0,
              label: 'Plan offered',
              correct: 6,
              wrong: 2,
              missed: 3,
              precision: 0.75,
              recall: 6 / 9,
              n: 11,
            },
            {
              tag_id: 1,
              label: 'Plan price',
              correct: 0,
              wrong: 0,
              missed: 2,
              precision: null,
              recall: 0,
              n: 2,
            },
          ],
        }),
      ],
      worst_misses: [
        {
          version: 2,
          tag_id: 0,
          label: 'Plan offered',
          kind: 'missed',
          sentence: 'We have a yearly care club for [number] dollars.',
          count: 4,
        },
        {
          version: 1,
          tag_id: 1,
          label: 'Plan price',
          kind: 'wrong',
          sentence: 'Call [name] at [phone].',
          count: 1,
        },
      ],
    });
    mockApi({ [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } } });
    renderDetail(bot.id);

    const v2 = await screen.findByRole('table', { name: 'Tag accuracy of v2' });
    const offered = rowOf(v2, 'Plan offered');
    const cells = within(offered).getAllByRole('cell');
    expect(cells.slice(0, 3).map((c) => c.textContent)).toEqual(['Plan offered', '75%', '67%']);
    // n, with the marks behind it.
    expect(within(cells[3]!).getByText('11')).toBeInTheDocument();
    expect(within(cells[3]!).getByText('6 correct, 2 wrong, 3 missed')).toBeInTheDocument();
    const price = within(rowOf(v2, 'Plan price')).getAllByRole('cell');
    expect(price[1]).toHaveTextContent('–');
    expect(price[2]).toHaveTextContent('0%');
    // Nobody marked v1 yet.
    expect(screen.queryByRole('table', { name: 'Tag accuracy of v1' })).toBeNull();
    const accuracy = screen.getByRole('region', { name: 'Accuracy by tag' });
    expect(within(accuracy).getByRole('heading', { name: 'v1' }).parentElement).toHaveTextContent(
      NO_MARKS_YET,
    );

    const misses = screen.getByRole('table', { name: 'Worst misses' });
    const first = within(misses).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'v2',
      'Plan offered',
      'Missed',
      '“We have a yearly care club for [number] dollars.”',
      '×4',
    ]);
    expect(within(rowOf(misses, '“Call [name] at [phone].”')).getByText('Wrong')).toBeVisible();
    expect(await blockingViolations()).toEqual([]);
  });

  it('says when there are no shared misses yet', async () => {
    const bot = makeBotDetail({ versions: [makeVersion({ number: 1 })] });
    mockApi({ [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } } });
    renderDetail(bot.id);
    const misses = await screen.findByRole('region', { name: 'Worst misses' });
    expect(within(misses).getByText(NO_WORST_MISSES)).toBeInTheDocument();
    expect(within(misses).queryByRole('table')).toBeNull();
  });
});
