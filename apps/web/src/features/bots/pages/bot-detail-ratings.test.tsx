import {
  MARKETPLACE_MESSAGES,
  MESSAGES,
  deprecateVersionPath,
  earliestRetirementDay,
  publisherBotPath,
  publisherBotRatingsPath,
  publisherRatingReplyPath,
  type Rating,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, makeVersion, uuid } from '../test/fixtures';
import { BotDetailPage } from './bot-detail-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY_RATINGS = {
  data: {
    items: [],
    count: 0,
    summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
  },
};

const renderDetail = (id: string) =>
  renderPage(<BotDetailPage />, {
    route: '/bot/detail/:id',
    url: `/bot/detail/${id}`,
    user: makeUser('publisher_user'),
  });

/** Shifts a YYYY-MM-DD day by `days` (UTC). */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function makeRating(overrides: Partial<Rating> = {}): Rating {
  return {
    company_id: uuid(701),
    company_name: 'Acme Heating',
    rating: 4,
    comment: 'Catches every plan offer.',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
    reply: null,
    replied_at: null,
    ...overrides,
  };
}

const versionRow = (number: number) =>
  within(screen.getByRole('table', { name: 'Versions' }))
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(`v${number}`))!;

describe('BotDetailPage deprecation', () => {
  it('offers Deprecate on older versions only and shows when a deprecated one retires', async () => {
    const bot = makeBotDetail({
      latest_version: 3,
      versions: [
        { ...makeVersion({ number: 3 }), deprecation: null },
        { ...makeVersion({ number: 2 }), deprecation: null },
        {
          ...makeVersion({ number: 1 }),
          deprecation: {
            retires_on: '2099-12-20',
            note: null,
            deprecated_at: '2026-03-01T09:00:00.000Z',
          },
        },
      ] as never,
    });
    mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
      [`GET ${publisherBotRatingsPath(bot.id)}`]: { body: EMPTY_RATINGS },
    });
    renderDetail(bot.id);
    await screen.findByRole('table', { name: 'Versions' });
    expect(within(versionRow(3)).queryByRole('button', { name: /Deprecate/ })).toBeNull();
    expect(within(versionRow(2)).getByRole('button', { name: 'Deprecate v2' })).toBeVisible();
    expect(within(versionRow(1)).queryByRole('button', { name: /Deprecate/ })).toBeNull();
    expect(within(versionRow(1)).getByText('Retires on 12/20/2099')).toBeInTheDocument();
  });

  it('checks the retirement date, then deprecates with the note and shows the retirement', async () => {
    let bot = makeBotDetail({
      latest_version: 2,
      versions: [makeVersion({ number: 2 }), makeVersion({ number: 1 })],
    });
    const { calls } = mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: () => ({ body: { data: bot } }),
      [`GET ${publisherBotRatingsPath(bot.id)}`]: { body: EMPTY_RATINGS },
      [`POST ${deprecateVersionPath(bot.id, 1)}`]: ({ body }) => {
        const { retires_on, note } = body as { retires_on: string; note: string | null };
        const deprecation = { retires_on, note, deprecated_at: '2026-03-01T09:00:00.000Z' };
        // The bot detail refetched after the deprecation carries it too.
        bot = {
          ...bot,
          versions: bot.versions.map((v) => (v.number === 1 ? { ...v, deprecation } : v)),
        };
        return {
          body: {
            message: MARKETPLACE_MESSAGES.deprecated,
            data: {
              number: 1,
              changelog: 'First version',
              published_at: '2026-02-01T09:00:00.000Z',
              deprecation,
            },
          },
        };
      },
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deprecate v1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate v1' });
    const date = within(dialog).getByLabelText(/Retirement date/);
    const earliest = earliestRetirementDay(new Date());
    expect(date).toHaveAttribute('min', earliest);
    expect(within(dialog).getByText(/their bot moves to v2/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeVisible();
    expect(date).toHaveFocus();

    fireEvent.change(date, { target: { value: shiftDay(earliest, -1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await within(dialog).findByText(MARKETPLACE_MESSAGES.retireTooSoon)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(date, { target: { value: earliest } });
    await user.type(within(dialog).getByLabelText(/Note to companies/), '  Use v2 instead.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.deprecated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { retires_on: earliest, note: 'Use v2 instead.' },
    ]);
    const [y, m, d] = earliest.split('-');
    expect(await within(versionRow(1)).findByText(`Retires on ${m}/${d}/${y}`)).toBeVisible();
    expect(within(versionRow(1)).queryByRole('button', { name: /Deprecate/ })).toBeNull();
  });

  it('shows the server’s refusal under the date', async () => {
    const bot = makeBotDetail({
      latest_version: 2,
      versions: [makeVersion({ number: 2 }), makeVersion({ number: 1 })],
    });
    mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
      [`GET ${publisherBotRatingsPath(bot.id)}`]: { body: EMPTY_RATINGS },
      [`POST ${deprecateVersionPath(bot.id, 1)}`]: {
        status: 422,
        body: {
          message: MARKETPLACE_MESSAGES.retireTooSoon,
          errors: { retires_on: [MARKETPLACE_MESSAGES.retireTooSoon] },
        },
      },
    });
    renderDetail(bot.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deprecate v1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deprecate v1' });
    fireEvent.change(within(dialog).getByLabelText(/Retirement date/), {
      target: { value: shiftDay(earliestRetirementDay(new Date()), 30) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Deprecate' }));
    expect(await within(dialog).findByText(MARKETPLACE_MESSAGES.retireTooSoon)).toBeVisible();
  });
});

describe('BotDetailPage ratings', () => {
  it('shows the summary and the ratings, and saves a reply', async () => {
    const bot = makeBotDetail({ latest_version: 1, versions: [makeVersion({ number: 1 })] });
    let ratings = [
      makeRating(),
      makeRating({
        company_id: uuid(702),
        company_name: 'Best Plumbing',
        rating: 2,
        comment: null,
        reply: 'Thanks, fixed in v2.',
        replied_at: '2026-03-04T10:00:00.000Z',
      }),
    ];
    const { calls } = mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
      [`GET ${publisherBotRatingsPath(bot.id)}`]: () => ({
        body: {
          data: {
            items: ratings,
            count: 12,
            summary: { average: 3.4, count: 12, distribution: [1, 2, 3, 4, 2] },
          },
        },
      }),
      [`POST ${publisherRatingReplyPath(bot.id, uuid(701))}`]: ({ body }) => {
        ratings = [
          { ...ratings[0]!, reply: (body as { reply: string }).reply, replied_at: 'now' },
          ratings[1]!,
        ];
        return { body: { message: MARKETPLACE_MESSAGES.replySaved, data: ratings[0] } };
      },
    });
    renderDetail(bot.id);
    const section = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(section).findByTestId('rating-average')).toHaveTextContent('3.4');
    expect(within(section).getByText('12 ratings')).toBeInTheDocument();
    const byStars = within(section).getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(byStars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5 stars:2', '4 stars:4', '3 stars:3', '2 stars:2', '1 star:1']);

    const list = within(section).getByRole('list', { name: 'Ratings' });
    const [acme, best] = within(list).getAllByRole('listitem');
    expect(within(acme!).getByText('Acme Heating')).toBeInTheDocument();
    expect(within(acme!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(acme!).getByText('Catches every plan offer.')).toBeInTheDocument();
    expect(within(acme!).getByText('03/02/2026')).toBeInTheDocument();
    expect(within(best!).getByText('Thanks, fixed in v2.')).toBeInTheDocument();
    expect(
      within(best!).getByRole('button', { name: 'Edit reply to Best Plumbing' }),
    ).toBeVisible();
    expect(within(section).getByText('Showing 1 to 10 of 12 entries')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(acme!).getByRole('button', { name: 'Reply to Acme Heating' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Acme Heating' });
    const reply = within(dialog).getByRole('textbox', { name: /Your reply/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByText(MESSAGES.required)).toBeVisible();

    // Over 1,000 characters is refused before the server.
    await user.click(reply);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByText(MARKETPLACE_MESSAGES.replyMaxed)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(reply);
    await user.type(reply, 'Glad it helps!');
    await user.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.replySaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(section).findByText('Glad it helps!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reply: 'Glad it helps!' },
    ]);
  });

  it('says when there are no ratings yet', async () => {
    const bot = makeBotDetail({ latest_version: 1, versions: [makeVersion({ number: 1 })] });
    mockApi({
      [`GET ${publisherBotPath(bot.id)}`]: { body: { data: bot } },
      [`GET ${publisherBotRatingsPath(bot.id)}`]: { body: EMPTY_RATINGS },
    });
    renderDetail(bot.id);
    expect(await screen.findByText('No Ratings Found')).toBeInTheDocument();
    expect(screen.getByText('0 ratings')).toBeInTheDocument();
    expect(screen.getByTestId('rating-average')).toHaveTextContent('—');
  });
});
