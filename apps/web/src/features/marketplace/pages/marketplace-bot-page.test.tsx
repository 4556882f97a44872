import { MARKETPLACE_MESSAGES, type MarketplaceBotDetail } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyBotsQueryKey } from '@/components/bot-result';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeBotDetail, makeRating, ratingsResponse, uuid } from '../test/fixtures';
import { MarketplaceBotPage } from './marketplace-bot-page';

afterEach(() => vi.unstubAllGlobals());

const BOT_ID = uuid(500);
const BOT = `/api/marketplace/bots/${BOT_ID}`;
const SUBSCRIBED = {
  version: 1,
  subscribed_at: '2026-10-01T10:00:00.000Z',
  update_available: true,
  retires_on: '2026-12-20',
};

/** A server holding one bot whose subscription the actions change. */
function serveBot(initial: Partial<MarketplaceBotDetail> = {}) {
  let bot = makeBotDetail(initial);
  const api = mockApi({
    [`GET ${BOT}`]: () => ({ body: { data: bot } }),
    [`GET ${BOT}/ratings`]: {
      body: ratingsResponse([
        makeRating({ company_name: 'Cool Air', comment: 'Found two upsells', reply: 'Thanks!' }),
      ]),
    },
    [`POST ${BOT}/subscribe`]: () => {
      const subscription = { ...SUBSCRIBED, version: 2, update_available: false, retires_on: null };
      bot = { ...bot, subscription };
      return { body: { message: MARKETPLACE_MESSAGES.subscribed, data: subscription } };
    },
    [`POST ${BOT}/update`]: () => {
      const subscription = { ...SUBSCRIBED, version: 2, update_available: false, retires_on: null };
      bot = { ...bot, subscription };
      return { body: { message: MARKETPLACE_MESSAGES.updated(2), data: subscription } };
    },
    [`POST ${BOT}/unsubscribe`]: () => {
      bot = { ...bot, subscription: null };
      return { body: { message: MARKETPLACE_MESSAGES.unsubscribed, data: null } };
    },
    [`PUT ${BOT}/rating`]: { body: { message: MARKETPLACE_MESSAGES.ratingSaved } },
  });
  return api;
}

function renderBot(id = BOT_ID) {
  return renderPage(<MarketplaceBotPage />, {
    route: '/marketplace/bot/:botId',
    url: `/marketplace/bot/${id}`,
    user: makeUser(),
  });
}

describe('MarketplaceBotPage', () => {
  it('shows the bot: words for its trigger, price, tags, example with evidence, versions, ratings', async () => {
    serveBot();
    renderBot();
    expect(await screen.findByRole('heading', { name: 'Upsell Finder' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Northwind Bots' })).toHaveAttribute(
      'href',
      `/marketplace/${uuid(1)}`,
    );
    expect(screen.getByText('Runs on: Call Complete · Call Booked')).toBeInTheDocument();
    expect(screen.getByText('$0.065')).toBeInTheDocument();
    expect(screen.getByText('plus AI usage')).toBeInTheDocument();

    // The first: the example's result panel has an Output tags part of its own.
    const tags = screen.getAllByRole('region', { name: 'Output tags' })[0]!;
    expect(within(tags).getByText('What the technician offered')).toBeInTheDocument();

    const example = screen.getByRole('region', { name: 'Example' });
    expect(within(example).getByText('Sample: AC tune-up call')).toBeInTheDocument();
    expect(within(example).getByText('Maintenance plan')).toBeInTheDocument();
    const mark = within(example).getByText('maintenance plan', { selector: 'mark' });
    expect(mark).toHaveAttribute('title', 'Upsell');

    const versions = screen.getByRole('region', { name: 'Version history' });
    expect(within(versions).getByText('Finds plan offers too.')).toBeInTheDocument();
    expect(within(versions).getByText('Deprecated')).toBeInTheDocument();
    expect(
      within(versions).getByText('Retires on 12/20/2026: Misses plan offers.'),
    ).toBeInTheDocument();

    const ratings = screen.getByRole('region', { name: 'Ratings' });
    expect(await within(ratings).findByText('Found two upsells')).toBeInTheDocument();
    expect(within(ratings).getByText('Thanks!')).toBeInTheDocument();
    expect(within(ratings).getByText('Reply from the publisher')).toBeInTheDocument();
    // Not subscribed: no rating.
    expect(screen.queryByRole('button', { name: 'Rate' })).toBeNull();
  });

  it('subscribes, with the server message, and refreshes the bot and the Run Bots list', async () => {
    const { calls } = serveBot();
    const { queryClient } = renderBot();
    queryClient.setQueryData(companyBotsQueryKey, []);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.subscribed)).toBeInTheDocument();
    expect(await screen.findByText('Subscribed · v2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `${BOT}/subscribe`,
    ]);
    expect(queryClient.getQueryState(companyBotsQueryKey)?.isInvalidated).toBe(true);
  });

  it('updates an old pin to the newest version', async () => {
    serveBot({ subscription: SUBSCRIBED });
    renderBot();
    expect(await screen.findByText('Your version v1 retires on 12/20/2026.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update to v2' }));
    expect(await screen.findByText('Bot updated to v2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update to v2' })).toBeNull());
    expect(screen.getByText('Subscribed · v2')).toBeInTheDocument();
  });

  it('unsubscribes only after confirming', async () => {
    const { calls } = serveBot({ subscription: SUBSCRIBED });
    renderBot();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribe from Upsell Finder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path.endsWith('/unsubscribe'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const again = await screen.findByRole('dialog', { name: 'Unsubscribe from Upsell Finder?' });
    await user.click(within(again).getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('rates: the stars are required, then stars and comment are sent', async () => {
    const { calls } = serveBot({ subscription: SUBSCRIBED });
    renderBot();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Upsell Finder' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    expect(await within(dialog).findByText(MARKETPLACE_MESSAGES.ratingRange)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // A pointer picks a star through its label (the radio itself is visually hidden).
    const four = within(dialog).getByRole('radio', { name: '4 stars' });
    await user.click(dialog.querySelector(`label[for="${four.id}"]`)!);
    expect(four).toBeChecked();
    expect(within(dialog).queryByText(MARKETPLACE_MESSAGES.ratingRange)).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), '  Very useful  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.ratingSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `${BOT}/rating`,
      body: { rating: 4, comment: 'Very useful' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects a comment over the limit before sending', async () => {
    const { calls } = serveBot({
      subscription: SUBSCRIBED,
      my_rating: { rating: 3, comment: 'x'.repeat(1001), updated_at: '2026-10-02T10:00:00.000Z' },
    });
    renderBot();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change rating' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Upsell Finder' });
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save rating' }));
    expect(await within(dialog).findByText(MARKETPLACE_MESSAGES.commentMaxed)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says 'Bot not found' for a bot the company may not see, and for a malformed id", async () => {
    mockApi({
      [`GET ${BOT}`]: { status: 404, body: { message: MARKETPLACE_MESSAGES.botNotFound } },
    });
    const view = renderBot();
    expect(
      await screen.findByRole('heading', { name: MARKETPLACE_MESSAGES.botNotFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    view.unmount();
    renderBot('not-a-uuid');
    expect(
      await screen.findByRole('heading', { name: MARKETPLACE_MESSAGES.botNotFound }),
    ).toBeInTheDocument();
  });
});
