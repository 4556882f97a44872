import { MARKETPLACE_MESSAGES } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, queriesTo } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { NORTHWIND, makeMarketplaceBot, makePublisher } from '../test/fixtures';
import { MarketplacePublisherPage } from './marketplace-publisher-page';

afterEach(() => vi.unstubAllGlobals());

function renderPublisher(id = NORTHWIND.id) {
  return renderPage(<MarketplacePublisherPage />, {
    route: '/marketplace/:publisherId',
    url: `/marketplace/${id}`,
    user: makeUser(),
  });
}

describe('MarketplacePublisherPage', () => {
  it('shows the publisher and lists only its bots, without a publisher filter', async () => {
    const { fn } = mockFetch(({ url }) =>
      url.startsWith(`/api/marketplace/publishers/${NORTHWIND.id}`)
        ? jsonResponse(200, { data: makePublisher() })
        : jsonResponse(200, {
            data: {
              items: [makeMarketplaceBot({ name: 'Upsell Finder' })],
              count: 1,
              count_capped: false,
            },
          }),
    );
    renderPublisher();
    expect(await screen.findByRole('heading', { name: 'Northwind Bots' })).toBeInTheDocument();
    expect(screen.getByText('Bots for HVAC companies.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://northwind.example' })).toHaveAttribute(
      'href',
      'https://northwind.example',
    );
    expect(screen.getByRole('link', { name: 'help@northwind.example' })).toHaveAttribute(
      'href',
      'mailto:help@northwind.example',
    );
    expect(await screen.findByRole('article', { name: 'Upsell Finder' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Publisher', { selector: 'input' })).toBeNull();
    expect(queriesTo(fn, '/api/marketplace/bots')).toEqual([
      { page: '1', publisher_id: NORTHWIND.id, sort_by: 'popular' },
    ]);
  });

  it("says 'Publisher not found' for an unknown publisher", async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/marketplace/publishers/')
        ? jsonResponse(404, { message: MARKETPLACE_MESSAGES.publisherNotFound })
        : jsonResponse(200, { data: { items: [], count: 0, count_capped: false } }),
    );
    renderPublisher();
    expect(
      await screen.findByRole('heading', { name: MARKETPLACE_MESSAGES.publisherNotFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });
});
