import { CSRF_COOKIE, STORAGE_KEYS, type MarketplaceBotItem } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, queriesTo } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { ACME, NORTHWIND, makeMarketplaceBot, uuid } from '../test/fixtures';
import { MarketplacePage } from './marketplace-page';

const LIST = '/api/marketplace/bots';

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * 23 bots whose names say which page they came from; 'nobody' finds none; 'everything' finds
 * more than the server counts (a capped count of 1,000).
 */
function serveBots() {
  return mockFetch(({ url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    if (url.startsWith('/api/marketplace/publishers/')) {
      return jsonResponse(200, {
        data: {
          ...ACME,
          description: null,
          website: null,
          support_email: null,
          bots_count: 1,
          is_client: false,
        },
      });
    }
    const page = Number(params.get('page') ?? 1);
    const keyword = params.get('keyword');
    const capped = keyword === 'everything';
    const count = keyword === 'nobody' ? 0 : capped ? 1000 : 23;
    const items: MarketplaceBotItem[] = [];
    for (let i = (page - 1) * 10; i < Math.min(page * 10, count); i++) {
      items.push(
        makeMarketplaceBot({
          id: uuid(200 + i),
          name: `Bot p${page}-${i + 1}`,
          publisher: i % 2 ? ACME : NORTHWIND,
        }),
      );
    }
    return jsonResponse(200, { data: { items, count, count_capped: capped } });
  });
}

function renderMarketplace(url = '/marketplace') {
  return renderPage(<MarketplacePage />, { route: '/marketplace', url, user: makeUser() });
}

// Mantine's selects are slow to drive in jsdom on a busy machine.
describe('MarketplacePage', { timeout: 40_000 }, () => {
  it('shows each bot as a card: publisher, trigger in words, price, users, rating, badges', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        data: {
          items: [
            makeMarketplaceBot({
              id: uuid(300),
              name: 'Upsell Finder',
              engine: 'llm',
              subscription: {
                version: 1,
                subscribed_at: '2026-10-01T10:00:00.000Z',
                update_available: true,
                retires_on: null,
              },
            }),
            makeMarketplaceBot({
              name: 'Review Asker',
              price_per_run_millicents: 5000,
              companies_count: 1,
              rating: { average: null, count: 0 },
              publisher: ACME,
            }),
          ],
          count: 2,
          count_capped: false,
        },
      }),
    );
    renderMarketplace();
    const card = (await screen.findByRole('article', { name: 'Upsell Finder' })) as HTMLElement;
    const inCard = within(card);
    expect(inCard.getByRole('link', { name: 'Upsell Finder' })).toHaveAttribute(
      'href',
      `/marketplace/bot/${uuid(300)}`,
    );
    expect(inCard.getByRole('link', { name: 'Northwind Bots' })).toHaveAttribute(
      'href',
      `/marketplace/${NORTHWIND.id}`,
    );
    expect(inCard.getByText('Call Complete · Call Booked')).toBeInTheDocument();
    expect(inCard.getByText('$0.065')).toBeInTheDocument();
    expect(inCard.getByText('plus AI usage')).toBeInTheDocument();
    expect(inCard.getByText('Used by 12 companies')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Rated 4.5 out of 5 from 8 ratings' })).toBeVisible();
    expect(inCard.getByText('Subscribed · v1')).toBeInTheDocument();
    expect(inCard.getByText('Update available')).toBeInTheDocument();

    const other = within(screen.getByRole('article', { name: 'Review Asker' }));
    expect(other.getByText('$0.05')).toBeInTheDocument();
    expect(other.queryByText('plus AI usage')).toBeNull();
    expect(other.getByText('Used by 1 company')).toBeInTheDocument();
    expect(other.getByRole('img', { name: 'No ratings yet' })).toBeVisible();
    expect(other.queryByText(/Subscribed/)).toBeNull();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('forgets the stored referral code once the marketplace is reached', async () => {
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'NWBOTS01');
    serveBots();
    renderMarketplace();
    await screen.findByText('Bot p1-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull();
  });

  it('filters by trigger and publisher in the query string, back to page 1', async () => {
    const { fn } = serveBots();
    const { router } = renderMarketplace('/marketplace?page=2');
    await screen.findByText('Bot p2-11');
    expect(queriesTo(fn, LIST)).toEqual([{ page: '2', sort_by: 'popular' }]);
    const user = userEvent.setup();

    await user.click(screen.getByLabelText('Trigger', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Job Complete' }));
    await waitFor(() => expect(router.state.location.search).toBe('?trigger=job-complete'));

    await user.click(screen.getByLabelText('Publisher', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Automation' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?trigger=job-complete&publisher_id=${ACME.id}`),
    );
    await waitFor(() =>
      expect(queriesTo(fn, LIST).at(-1)).toEqual({
        page: '1',
        trigger: 'job-complete',
        publisher_id: ACME.id,
        sort_by: 'popular',
      }),
    );
  });

  it('keeps Subscribed only and the sort in the query string', async () => {
    const { fn } = serveBots();
    const { router } = renderMarketplace();
    await screen.findByText('Bot p1-1');
    const user = userEvent.setup();

    await user.click(screen.getByRole('switch', { name: 'Subscribed only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?subscribed=true'));

    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Highest rated' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?subscribed=true&sort_by=rating'),
    );
    await waitFor(() =>
      expect(queriesTo(fn, LIST).at(-1)).toEqual({
        page: '1',
        subscribed: 'true',
        sort_by: 'rating',
      }),
    );

    await user.click(screen.getByRole('switch', { name: 'Subscribed only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=rating'));
  });

  it('restores the filters from the URL and names the chosen publisher', async () => {
    const { fn } = serveBots();
    renderMarketplace(
      `/marketplace?keyword=upsell&trigger=call-complete&publisher_id=${ACME.id}&subscribed=true&sort_by=price`,
    );
    await screen.findByText('Bot p1-1');
    expect(screen.getByRole('textbox', { name: 'Search bots' })).toHaveValue('upsell');
    expect(screen.getByLabelText('Trigger', { selector: 'input' })).toHaveValue('Call Complete');
    await waitFor(() =>
      expect(screen.getByLabelText('Publisher', { selector: 'input' })).toHaveValue(
        'Acme Automation',
      ),
    );
    expect(screen.getByRole('switch', { name: 'Subscribed only' })).toBeChecked();
    expect(screen.getByLabelText('Sort by', { selector: 'input' })).toHaveValue('Lowest price');
    expect(queriesTo(fn, LIST)).toEqual([
      {
        page: '1',
        keyword: 'upsell',
        trigger: 'call-complete',
        publisher_id: ACME.id,
        subscribed: 'true',
        sort_by: 'price',
      },
    ]);
  });

  it('pages through the URL', async () => {
    const { fn } = serveBots();
    const { router } = renderMarketplace();
    await screen.findByText('Bot p1-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Bot p3-21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByText('Showing 21 to 23 of 23 entries')).toBeInTheDocument();
    expect(queriesTo(fn, LIST).at(-1)).toMatchObject({ page: '3' });
  });

  it('says a capped count is a lower bound and still offers the next pages', async () => {
    serveBots();
    renderMarketplace('/marketplace?keyword=everything');
    await screen.findByText('Bot p1-1');
    expect(screen.getByText('Showing 1 to 10 of 1,000+ entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 100' })).toBeInTheDocument();
  });

  it('searches one second after typing stops, and shows No Bots Found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fn } = serveBots();
    const { router } = renderMarketplace();
    await screen.findByText('Bot p1-1');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Search bots' }), 'nobody');
    act(() => vi.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('');
    act(() => vi.advanceTimersByTime(600));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=nobody'));
    expect(await screen.findByRole('heading', { name: 'No Bots Found' })).toBeInTheDocument();
    expect(queriesTo(fn, LIST).filter((q) => q.keyword)).toEqual([
      { page: '1', keyword: 'nobody', sort_by: 'popular' },
    ]);
  });

  it('shows the server message when the list fails, and retries', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(500, { message: 'Something went wrong' })
        : jsonResponse(200, {
            data: {
              items: [makeMarketplaceBot({ name: 'Back again' })],
              count: 1,
              count_capped: false,
            },
          }),
    );
    renderMarketplace();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
