import { makeUser } from '@fieldbot/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { blockingViolations } from '@/test/axe';
import {
  NORTHWIND,
  makeBotDetail,
  makeMarketplaceBot,
  makePublisher,
  makeRating,
  ratingsResponse,
  uuid,
} from '../test/fixtures';
import { MarketplaceBotPage } from './marketplace-bot-page';
import { MarketplacePage } from './marketplace-page';
import { MarketplacePublisherPage } from './marketplace-publisher-page';

afterEach(() => vi.unstubAllGlobals());

const BOT = `/api/marketplace/bots/${uuid(500)}`;
const LIST = {
  body: {
    data: {
      items: [
        makeMarketplaceBot({ name: 'Upsell Finder', engine: 'llm' }),
        makeMarketplaceBot({
          name: 'Review Asker',
          visibility: 'private',
          subscription: {
            version: 1,
            subscribed_at: '2026-10-01T10:00:00.000Z',
            update_available: true,
            retires_on: null,
          },
        }),
      ],
      count: 12,
      count_capped: false,
    },
  },
};

describe('marketplace pages have no serious or critical axe violation', () => {
  it('the list', async () => {
    mockApi({ 'GET /api/marketplace/bots': LIST });
    renderPage(<MarketplacePage />, {
      route: '/marketplace',
      url: '/marketplace',
      user: makeUser(),
    });
    await screen.findByRole('article', { name: 'Upsell Finder' });
    expect(await blockingViolations()).toEqual([]);
  });

  it('the bot page and its rating dialog', async () => {
    mockApi({
      [`GET ${BOT}`]: {
        body: {
          data: makeBotDetail({
            subscription: {
              version: 1,
              subscribed_at: '2026-10-01T10:00:00.000Z',
              update_available: true,
              retires_on: '2026-12-20',
            },
          }),
        },
      },
      [`GET ${BOT}/ratings`]: { body: ratingsResponse([makeRating({ reply: 'Thanks!' })], 11) },
    });
    renderPage(<MarketplaceBotPage />, {
      route: '/marketplace/bot/:botId',
      url: `/marketplace/bot/${uuid(500)}`,
      user: makeUser(),
    });
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    await within(ratings).findByText('Thanks!');
    expect(await blockingViolations()).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate Upsell Finder' });
    expect(await blockingViolations(dialog)).toEqual([]);
  });

  it('the publisher page', async () => {
    mockApi({
      [`GET /api/marketplace/publishers/${NORTHWIND.id}`]: { body: { data: makePublisher() } },
      'GET /api/marketplace/bots': LIST,
    });
    renderPage(<MarketplacePublisherPage />, {
      route: '/marketplace/:publisherId',
      url: `/marketplace/${NORTHWIND.id}`,
      user: makeUser(),
    });
    await screen.findByRole('article', { name: 'Upsell Finder' });
    await screen.findByRole('heading', { name: 'Northwind Bots' });
    expect(await blockingViolations()).toEqual([]);
  });
});
