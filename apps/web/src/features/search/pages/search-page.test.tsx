import {
  SEARCH_MESSAGES,
  formatPlayerTime,
  searchFiltersPath,
  searchPath,
  type SearchFiltersResponse,
  type SearchHit,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '@/lib/format-date';
import { blockingViolations } from '@/test/axe';
import { jsonResponse, mockFetch, queriesTo } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { ACME_BOT, CUSTOMER_ID, makeFilters, makeHit, makeLine } from '../test/fixtures';
import { SEARCH_INVITE, SearchPage } from './search-page';

afterEach(() => vi.unstubAllGlobals());

interface Answers {
  /** The hits of a search, from its query string. */
  hits?: (params: URLSearchParams) => Response | Promise<Response>;
  filters?: SearchFiltersResponse | Response;
}

const page = (items: SearchHit[], count = items.length, count_capped = false) =>
  jsonResponse(200, { data: { items, count, count_capped } });

/** A server answering the search and its filters; anything else is a 404. */
function serve({ hits = () => page([makeHit()]), filters = makeFilters() }: Answers = {}) {
  return mockFetch(({ url }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === searchFiltersPath) {
      return filters instanceof Response ? filters : jsonResponse(200, filters);
    }
    if (pathname === searchPath) return hits(searchParams);
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function renderSearch(url = '/search') {
  return renderPage(<SearchPage />, { route: '/search', url, user: makeUser() });
}

const words = () => screen.getByRole('textbox', { name: 'Search conversations' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const interactionUrl = (hit: SearchHit, seconds: number) =>
  `/customers/${CUSTOMER_ID}/interaction/${hit.id}/${hit.type}?t=${seconds}`;

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SearchPage', () => {
  it('invites a search and sends none until there are words', async () => {
    const { fn } = serve();
    renderSearch();
    expect(screen.getByRole('heading', { name: SEARCH_INVITE.title })).toBeInTheDocument();
    expect(document.title).toBe('Search | Fieldbot');
    expect(words()).toHaveValue('');
    expect(words()).toHaveAttribute('placeholder', 'Words or "an exact phrase"');
    // The filters' options load; the search itself waits for words.
    expect(await screen.findByLabelText('Technician', { selector: 'input' })).toBeInTheDocument();
    expect(queriesTo(fn, searchPath)).toEqual([]);
    expect(fn.mock.calls.map(([input]) => String(input))).toEqual([searchFiltersPath]);

    // Search with nothing typed says what is missing, and still sends nothing.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(words()).toHaveAccessibleDescription(SEARCH_MESSAGES.textRequired);
    expect(queriesTo(fn, searchPath)).toEqual([]);
  });

  it('shows each hit with its words highlighted and lines that open the interaction at that moment', async () => {
    const recording = makeHit({
      lines: [
        makeLine({ position: 4, start_seconds: 20.7 }),
        makeLine({
          position: 9,
          start_seconds: 65.2,
          fragments: [
            { text: 'New ', match: false },
            { text: 'capacitor', match: true },
            { text: ' fitted.', match: false },
          ],
        }),
      ],
      more_lines: 2,
    });
    const call = makeHit({
      type: 'csr-call',
      call_type: 'Booked',
      interaction_id: 'CSR-40012',
      customer_name: 'Ava Brooks',
      recording_by: null,
      lines: [makeLine({ position: 0, start_seconds: 0.3, speaker: 'CSR' })],
    });
    const { fn } = serve({ hits: () => page([recording, call]) });
    const { router } = renderSearch();
    const user = userEvent.setup();
    await user.type(words(), 'capacitor');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const first = await screen.findByRole('article', {
      name: `Lakeside Property Management, ${recording.interaction_id}`,
    });
    expect(router.state.location.search).toBe('?q=capacitor');
    expect(queriesTo(fn, searchPath)).toEqual([{ q: 'capacitor', page: '1' }]);

    // Whose, what, by whom and when.
    expect(within(first).getByText('Field Recording')).toBeInTheDocument();
    expect(first).toHaveTextContent(`${recording.interaction_id} · By Tina Tech`);
    expect(first).toHaveTextContent(formatTimestamp(recording.started_at));
    // The title opens the interaction at its first matching line.
    expect(
      within(first).getByRole('link', { name: /^Lakeside Property Management/ }),
    ).toHaveAttribute('href', interactionUrl(recording, 20.7));

    // Each line: its moment, speaker and text, the searched word in <mark>, a link to ?t=.
    const lines = within(first).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const [line1, line2] = lines.map((li) => within(li).getByRole('link')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(line1).toHaveAttribute('href', interactionUrl(recording, 20.7));
    expect(line1).toHaveTextContent('[00:20] Technician: The run capacitor is bulging on top.');
    expect(line2).toHaveAttribute('href', interactionUrl(recording, 65.2));
    expect(line2).toHaveTextContent(
      `[${formatPlayerTime(65.2)}] Technician: New capacitor fitted.`,
    );
    const marks = first.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['capacitor', 'capacitor']);
    expect(line1.querySelector('mark')).toHaveTextContent('capacitor');
    expect(within(first).getByText('+2 more matching lines')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Ava Brooks, CSR-40012' });
    expect(within(second).getByText('CSR Call (Booked)')).toBeInTheDocument();
    expect(second).not.toHaveTextContent('By ');
    expect(within(second).getByRole('link', { name: /^\[00:00\] CSR:/ })).toHaveAttribute(
      'href',
      interactionUrl(call, 0.3),
    );
    expect(within(second).queryByText(/more matching line/)).toBeNull();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('counts a capped total as 1,000+ and pages through the URL', async () => {
    const { fn } = serve({
      hits: (params) =>
        page(
          Array.from({ length: 10 }, (_, i) =>
            makeHit({ customer_name: `Customer p${params.get('page')}-${i + 1}` }),
          ),
          1000,
          true,
        ),
    });
    const { router } = renderSearch('/search?q=furnace');
    expect(await screen.findByText('Showing 1 to 10 of 1,000+ entries')).toBeInTheDocument();
    expect(words()).toHaveValue('furnace');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Customer p2-1');
    expect(router.state.location.search).toBe('?q=furnace&page=2');
    expect(screen.getByText('Showing 11 to 20 of 1,000+ entries')).toBeInTheDocument();
    expect(queriesTo(fn, searchPath).at(-1)).toEqual({ q: 'furnace', page: '2' });

    // Back returns to the first page.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Customer p1-1')).toBeInTheDocument();
  });

  it('shows skeletons while the hits load', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve({ hits: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderSearch('/search?q=capacitor');
    expect(await screen.findAllByTestId('search-skeleton')).toHaveLength(3);
    answer(page([makeHit({ customer_name: 'Arrived' })]));
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
    expect(screen.queryByTestId('search-skeleton')).toBeNull();
  });

  it('says when nothing matches', async () => {
    serve({ hits: () => page([]) });
    renderSearch('/search?q=zeppelin');
    expect(
      await screen.findByRole('heading', { name: SEARCH_MESSAGES.noMatches }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("shows the server's 422 message under the field it is about", async () => {
    serve({
      hits: () =>
        jsonResponse(422, {
          message: SEARCH_MESSAGES.dateOrder,
          errors: { to: [SEARCH_MESSAGES.dateOrder] },
        }),
    });
    renderSearch('/search?q=capacitor&from=2026-03-10&to=2026-03-01');
    await waitFor(() => expect(field('To')).toHaveAccessibleDescription(SEARCH_MESSAGES.dateOrder));
    expect(field('To')).toHaveAttribute('aria-invalid', 'true');
    expect(field('To')).toHaveValue('2026-03-01');
    expect(field('From')).not.toHaveAttribute('aria-invalid', 'true');
    expect(words()).not.toHaveAttribute('aria-invalid', 'true');
    // Said once, where it applies: not again as a page error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(SEARCH_MESSAGES.dateOrder)).toHaveLength(1);
  });

  it('shows a failed search with Try again', async () => {
    let fail = true;
    serve({
      hits: () =>
        fail
          ? jsonResponse(500, { message: 'Something went wrong.' })
          : page([makeHit({ customer_name: 'Back again' })]),
    });
    renderSearch('/search?q=capacitor');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('writes each filter to the URL at once and goes back to page 1', async () => {
    const { fn } = serve();
    const { router } = renderSearch('/search?q=capacitor&page=3');
    await screen.findByRole('article');

    await choose('Interaction type', 'CSR Call');
    await waitFor(() => expect(router.state.location.search).toBe('?q=capacitor&type=csr-call'));
    await choose('Call type', 'Booked');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=capacitor&type=csr-call&call_type=Booked'),
    );
    fireEvent.change(field('From'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=capacitor&type=csr-call&call_type=Booked&from=2026-03-01',
      ),
    );
    await waitFor(() =>
      expect(queriesTo(fn, searchPath).at(-1)).toEqual({
        q: 'capacitor',
        page: '1',
        from: '2026-03-01',
        type: 'csr-call',
        call_type: 'Booked',
      }),
    );

    // A field recording has no call type: choosing it clears and locks that filter.
    await choose('Interaction type', 'Field Recording');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=capacitor&type=field-recording&from=2026-03-01',
      ),
    );
    expect(field('Call type')).toBeDisabled();

    await choose('Technician', 'Tina Tech');
    await waitFor(() => expect(router.state.location.search).toContain('technician_id='));

    // Clear filters keeps the words.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=capacitor'));
    expect(field('From')).toHaveFocus();
  });

  it('filters by what a bot found, or did not, once the bot is chosen', async () => {
    const { fn } = serve();
    const { router } = renderSearch('/search?q=plan');
    await screen.findByRole('article');
    expect(field('Bot tag')).toBeDisabled();
    expect(field('Tag result')).toBeDisabled();

    await choose('Bot', 'Maintenance plan offered');
    await waitFor(() => expect(field('Bot tag')).toBeEnabled());
    expect(field('Tag result')).toBeEnabled();
    // A bot alone: interactions where it found any of its tags.
    await waitFor(() =>
      expect(queriesTo(fn, searchPath).at(-1)).toEqual({
        q: 'plan',
        page: '1',
        bot_id: ACME_BOT,
        tag_state: 'found',
      }),
    );
    const user = userEvent.setup();
    await user.click(field('Bot tag'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Plan offered',
      'Plan declined',
    ]);
    await user.click(screen.getByRole('option', { name: 'Plan offered' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?q=plan&bot_id=${ACME_BOT}&tag=Plan+offered`),
    );
    expect(field('Tag result')).toHaveValue('Found');
    await choose('Tag result', 'Not found');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?q=plan&bot_id=${ACME_BOT}&tag=Plan+offered&tag_state=not-found`,
      ),
    );
    await waitFor(() =>
      expect(queriesTo(fn, searchPath).at(-1)).toEqual({
        q: 'plan',
        page: '1',
        bot_id: ACME_BOT,
        tag: 'Plan offered',
        tag_state: 'not-found',
      }),
    );

    // Another bot has other tags: the tag goes.
    await choose('Bot', 'Upsell Finder');
    await waitFor(() => expect(router.state.location.search).not.toContain('tag'));
  });

  it('offers no technician filter when the answer lists none (a technician)', async () => {
    serve({ filters: makeFilters({ technicians: [] }) });
    renderSearch('/search?q=capacitor');
    await screen.findByRole('article');
    await waitFor(() => expect(field('Bot')).toHaveAttribute('placeholder', 'Any bot'));
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });

  it('still searches when the filters fail to load, saying so at the bot filter', async () => {
    serve({ filters: jsonResponse(500, { message: 'Something went wrong.' }) });
    renderSearch('/search?q=capacitor');
    await screen.findByRole('article');
    await waitFor(() => expect(field('Bot')).toHaveAccessibleDescription('Something went wrong.'));
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });

  it('Back restores the previous search and its words, then the invitation', async () => {
    serve();
    const { router } = renderSearch();
    const user = userEvent.setup();
    await user.type(words(), 'capacitor{Enter}');
    await screen.findByRole('article');
    await user.clear(words());
    await user.type(words(), '"flame sensor"{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=%22flame+sensor%22'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=capacitor');
    expect(words()).toHaveValue('capacitor');
    await act(() => router.navigate(-1));
    expect(words()).toHaveValue('');
    expect(screen.getByRole('heading', { name: SEARCH_INVITE.title })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('has no serious or critical axe violation, before and after a search', async () => {
    serve({
      hits: () =>
        page(
          [makeHit({ more_lines: 1 }), makeHit({ type: 'csr-call', call_type: 'Unbooked' })],
          12,
        ),
    });
    renderSearch();
    await screen.findByLabelText('Technician', { selector: 'input' });
    expect(await blockingViolations()).toEqual([]);

    await userEvent.setup().type(words(), 'capacitor{Enter}');
    await screen.findAllByRole('article');
    expect(await blockingViolations()).toEqual([]);
  });
});
