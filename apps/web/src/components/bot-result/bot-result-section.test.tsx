import {
  BOT_MARK_MESSAGES,
  BOT_TEXTS,
  customerBotResultPath,
  interactionBotResultPath,
  missedMarkItemPath,
  type BotResult,
  type MissedMark,
  type User,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/session';
import { blockingViolations } from '@/test/axe';
import { mockApi, type MockReply } from '@/test/mock-api';
import { createTestQueryClient, TestProviders } from '@/test/render';
import type { BotResultTarget } from './api/bot-result-target';
import { BOT_RESULT_POLL_MS } from './api/get-bot-result';
import { BotResultSection } from './bot-result-section';
import { asCustomerAnswer, makeBotResult, makeResponseTag, makeResultItem } from './test/fixtures';

const INTERACTION_ID = '7f1c1e1a-8a3b-4b52-9d3e-2f6f1c0e9a11';
const CUSTOMER_ID = '0b6f0f7e-3c1d-4a8e-9f55-5d6a1c2b3e44';
const INTERACTION: BotResultTarget = {
  kind: 'interaction',
  id: INTERACTION_ID,
  type: 'field-recording',
  callType: null,
};
const RESULT_API = interactionBotResultPath(INTERACTION_ID, 'field-recording');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSection({
  target = INTERACTION,
  user = makeUser('company_admin'),
  onJumpToTag,
}: { target?: BotResultTarget; user?: User | null; onJumpToTag?: () => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  return render(
    <TestProviders queryClient={queryClient}>
      <BotResultSection target={target} runBotBlock={null} onJumpToTag={onJumpToTag} />
    </TestProviders>,
  );
}

const answer = (data: BotResult | null): MockReply => ({ body: { data } });
const resultCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === RESULT_API);

describe('BotResultSection', () => {
  it('shows a skeleton while the result loads', async () => {
    let reply: (r: MockReply) => void = () => undefined;
    mockApi({ [`GET ${RESULT_API}`]: () => new Promise<MockReply>((r) => (reply = r)) });
    renderSection();
    const skeleton = screen.getByRole('status', { name: 'Loading bot results' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    act(() => reply(answer(null)));
    expect(await screen.findByText(BOT_TEXTS.noResult)).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading bot results')).not.toBeInTheDocument();
  });

  it("says 'No Bot Result Generated' before the first run", async () => {
    mockApi({ [`GET ${RESULT_API}`]: answer(null) });
    renderSection();
    expect(await screen.findByText(BOT_TEXTS.noResult)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows the fetching message while running with no results, polls every 10 s, and stops when done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let data = makeBotResult({ status: 'running', executionTime: null, results: [] });
    const { calls } = mockApi({ [`GET ${RESULT_API}`]: () => answer(data) });
    renderSection();

    const fetching = await screen.findByText(BOT_TEXTS.fetching);
    expect(fetching.closest('[role="status"]')).not.toBeNull();
    expect(resultCalls(calls)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(BOT_RESULT_POLL_MS));
    await waitFor(() => expect(resultCalls(calls)).toHaveLength(2));

    data = makeBotResult({ results: [makeResultItem({ bot_name: 'Booking outcome' })] });
    await act(() => vi.advanceTimersByTimeAsync(BOT_RESULT_POLL_MS));
    expect(await screen.findByRole('tab', { name: 'Booking outcome' })).toBeInTheDocument();
    expect(screen.queryByText(BOT_TEXTS.fetching)).not.toBeInTheDocument();
    const afterFinish = resultCalls(calls).length;

    await act(() => vi.advanceTimersByTimeAsync(BOT_RESULT_POLL_MS * 3));
    expect(resultCalls(calls)).toHaveLength(afterFinish);
  });

  it('shows bot_result_error_message when the run failed', async () => {
    mockApi({
      [`GET ${RESULT_API}`]: answer(
        makeBotResult({
          status: 'failed',
          bot_result_error_message: 'The bots could not read this transcript.',
        }),
      ),
    });
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The bots could not read this transcript.',
    );
    expect(screen.queryByText(BOT_TEXTS.noResult)).not.toBeInTheDocument();
  });

  it('shows one tab per bot with Run By, Run At, icon, raw response, output and response tags', async () => {
    mockApi({
      [`GET ${RESULT_API}`]: answer(
        makeBotResult({
          run_by: 'Ada Admin',
          results: [
            makeResultItem({
              bot_name: 'Maintenance plan offered',
              bot_color: 'purple',
              raw_response: 'Plan offered: yes',
              output_tags: [
                {
                  id: 0,
                  label: 'Plan offered',
                  data: 'Yes',
                  description: 'Did the tech offer it?',
                },
                { id: 1, label: 'Plan price', data: null, description: '' },
              ],
              response_tags: [
                makeResponseTag({
                  label: 'Plan offered',
                  text: 'our care plan',
                  match: 'fuzzy',
                  score: 0.87,
                }),
              ],
              unmatched_quotes: 2,
            }),
            makeResultItem({
              bot_name: 'Price quoted',
              status: 'failed',
              error_message: 'The model refused to answer.',
            }),
          ],
        }),
      ),
    });
    renderSection();

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Maintenance plan offered', 'Price quoted']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: 'Bots' })).toBeInTheDocument();
    // The icon follows the colour scheme (light here) and is decorative.
    const icon = tabs[0]!.querySelector('img');
    expect(icon).toHaveAttribute('src', '/bot-icons/purple-light.webp');
    expect(icon).toHaveAttribute('alt', '');

    const meta = (label: string) => screen.getByText(label).nextElementSibling;
    expect(meta('Run By')).toHaveTextContent('Ada Admin');
    expect(meta('Run At')).toHaveTextContent('03/07/2026 02:05:09 PM');

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Plan offered: yes')).toBeInTheDocument();
    const outputs = within(panel).getByRole('region', { name: 'Output tags' });
    expect(within(outputs).getByText('Yes')).toBeInTheDocument();
    expect(within(outputs).getByText('Did the tech offer it?')).toBeInTheDocument();
    // An empty output tag reads 'No response' (spec §8).
    expect(within(outputs).getByText('Plan price').nextElementSibling).toHaveTextContent(
      BOT_TEXTS.noResponse,
    );
    const responses = within(panel).getByRole('region', { name: 'Response tags' });
    expect(within(responses).getByText('“our care plan”')).toBeInTheDocument();
    expect(within(responses).getByText('Fuzzy match (87%)')).toBeInTheDocument();
    expect(within(responses).getByText(/2 quotes were not found/)).toBeInTheDocument();

    await userEvent.setup().click(tabs[1]!);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The model refused to answer.');
  });

  it("reads 'No response' for an empty raw response and no response tags", async () => {
    mockApi({
      [`GET ${RESULT_API}`]: answer(
        makeBotResult({ results: [makeResultItem({ raw_response: '', output_tags: null })] }),
      ),
    });
    renderSection();
    const panel = await screen.findByRole('tabpanel');
    for (const part of ['Raw response', 'Output tags', 'Response tags']) {
      expect(within(panel).getByRole('region', { name: part })).toHaveTextContent(
        BOT_TEXTS.noResponse,
      );
    }
  });

  it("decodes the customer route's double-encoded gpt_response", async () => {
    const path = customerBotResultPath(CUSTOMER_ID);
    const result = makeBotResult({
      results: [
        makeResultItem({
          bot_name: 'Customer concerns',
          response_tags: [makeResponseTag({ label: 'Concern', text: 'too noisy' })],
        }),
      ],
    });
    mockApi({ [`GET ${path}`]: answer(asCustomerAnswer(result)) });
    renderSection({ target: { kind: 'customer', id: CUSTOMER_ID } });
    expect(await screen.findByText('“too noisy”')).toBeInTheDocument();
    // No transcript on the customer page: the quote is text, not a button.
    expect(screen.queryByRole('button', { name: '“too noisy”' })).not.toBeInTheDocument();
  });

  it('treats a single-encoded customer answer as a contract break, with Try again', async () => {
    const path = customerBotResultPath(CUSTOMER_ID);
    const good = makeBotResult({
      results: [makeResultItem({ response_tags: [makeResponseTag({ text: 'fixed' })] })],
    });
    let reply: BotResult = good;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ [`GET ${path}`]: () => answer(reply) });
    renderSection({ target: { kind: 'customer', id: CUSTOMER_ID } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');

    reply = asCustomerAnswer(good);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('“fixed”')).toBeInTheDocument();
  });

  it('jumps to a response tag when its quote is clicked', async () => {
    const tag = makeResponseTag({ text: 'Hello' });
    mockApi({
      [`GET ${RESULT_API}`]: answer(
        makeBotResult({ results: [makeResultItem({ response_tags: [tag] })] }),
      ),
    });
    const onJumpToTag = vi.fn();
    renderSection({ onJumpToTag });
    await userEvent.setup().click(await screen.findByRole('button', { name: '“Hello”' }));
    expect(onJumpToTag).toHaveBeenCalledWith(tag);
  });

  describe('reviewer feedback', () => {
    const tags = [
      makeResponseTag({ text: 'first quote' }),
      makeResponseTag({ text: 'second quote', verdict: 'wrong' }),
    ];
    const item = makeResultItem({ response_tags: tags });
    const feedbackPath = `/api/company/bot-result/${item.id}/feedback`;

    /** A server that stores marks, answering each PUT after `gate` resolves. */
    function serveWithMarks(status = 200) {
      const verdicts = tags.map((t) => t.verdict);
      let release: () => void = () => undefined;
      const api = mockApi({
        [`GET ${RESULT_API}`]: () => {
          const stored = tags.map((t, i) => ({ ...t, verdict: verdicts[i]! }));
          return answer(
            makeBotResult({
              results: [
                {
                  ...item,
                  gpt_response: JSON.stringify({ response_tags: stored, unmatched_quotes: 0 }),
                },
              ],
            }),
          );
        },
        [`PUT ${feedbackPath}`]: async (call) => {
          await new Promise<void>((resolve) => (release = resolve));
          if (status !== 200) return { status, body: { message: 'You cannot mark this.' } };
          const { tag_position, verdict } = call.body as { tag_position: number; verdict: null };
          verdicts[tag_position] = verdict;
          return { body: { message: 'Saved.' } };
        },
      });
      return { ...api, release: () => release() };
    }

    const feedback = (quote: string) =>
      screen.getByRole('group', { name: `Feedback on “${quote}”` });

    it('marks a tag correct at once, saves it, and clears it when pressed again', async () => {
      const { calls, release } = serveWithMarks();
      renderSection();
      await screen.findByText('“first quote”');
      const user = userEvent.setup();
      const correct = within(feedback('first quote')).getByRole('button', { name: 'Correct' });
      expect(correct).toHaveAttribute('aria-pressed', 'false');
      expect(
        within(feedback('second quote')).getByRole('button', { name: 'Wrong' }),
      ).toHaveAttribute('aria-pressed', 'true');

      await user.click(correct);
      // Optimistic: pressed before the server answers.
      expect(
        within(feedback('first quote')).getByRole('button', { name: 'Correct' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        tag_position: 0,
        verdict: 'correct',
      });
      act(release);
      await waitFor(() => expect(resultCalls(calls)).toHaveLength(2));
      expect(
        within(feedback('first quote')).getByRole('button', { name: 'Correct' }),
      ).toHaveAttribute('aria-pressed', 'true');

      await user.click(within(feedback('first quote')).getByRole('button', { name: 'Correct' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
        tag_position: 0,
        verdict: null,
      });
      act(release);
      await waitFor(() =>
        expect(
          within(feedback('first quote')).getByRole('button', { name: 'Correct' }),
        ).toHaveAttribute('aria-pressed', 'false'),
      );
    });

    it('rolls the mark back when the server refuses it', async () => {
      const { calls, release } = serveWithMarks(403);
      renderSection();
      await screen.findByText('“second quote”');
      await userEvent
        .setup()
        .click(within(feedback('second quote')).getByRole('button', { name: 'Correct' }));
      expect(
        within(feedback('second quote')).getByRole('button', { name: 'Correct' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      act(release);
      await waitFor(() =>
        expect(
          within(feedback('second quote')).getByRole('button', { name: 'Wrong' }),
        ).toHaveAttribute('aria-pressed', 'true'),
      );
      expect(
        within(feedback('second quote')).getByRole('button', { name: 'Correct' }),
      ).toHaveAttribute('aria-pressed', 'false');
    });

    it('is not offered to field technicians, who only read the marks', async () => {
      serveWithMarks();
      renderSection({ user: makeUser('field_team') });
      await screen.findByText('“second quote”');
      expect(screen.queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
      expect(screen.getByText('Reviewer: Wrong')).toBeInTheDocument();
    });
  });

  describe('missed marks', () => {
    const marks: MissedMark[] = [
      {
        id: '3a1f0c52-7d0e-4c1b-9a39-5b1e8f3c2d01',
        tag_id: 0,
        label: 'Plan offered',
        index_start: 4,
        index_end: 21,
        text: 'maintenance plan',
      },
      {
        id: '3a1f0c52-7d0e-4c1b-9a39-5b1e8f3c2d02',
        tag_id: 1,
        label: 'Plan price',
        index_start: 30,
        index_end: 34,
        text: '$199',
      },
    ];
    const item = makeResultItem({ missed_marks: marks });

    function serveMarks() {
      let stored = [...marks];
      const api = mockApi({
        [`GET ${RESULT_API}`]: () =>
          answer(makeBotResult({ results: [{ ...item, missed_marks: stored }] })),
        [`DELETE ${missedMarkItemPath(item.id, marks[0]!.id)}`]: () => {
          stored = stored.filter((m) => m.id !== marks[0]!.id);
          return { body: { message: BOT_MARK_MESSAGES.missedRemoved } };
        },
      });
      return api;
    }

    it('lists the words marked as missed, and a reviewer removes one', async () => {
      const { calls } = serveMarks();
      renderSection();
      const missed = await screen.findByRole('region', { name: 'Missed by the bot' });
      expect(within(missed).getByText('Missed: Plan offered')).toBeInTheDocument();
      expect(within(missed).getByText('“maintenance plan”')).toBeInTheDocument();
      expect(within(missed).getByText('“$199”')).toBeInTheDocument();
      expect(await blockingViolations()).toEqual([]);

      await userEvent.setup().click(
        within(missed).getByRole('button', {
          name: 'Remove “maintenance plan” (Missed: Plan offered)',
        }),
      );
      // At once, before the server answers.
      await waitFor(() => expect(within(missed).queryByText('“maintenance plan”')).toBeNull());
      await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(
        missedMarkItemPath(item.id, marks[0]!.id),
      );
      // The result is fetched again.
      await waitFor(() => expect(resultCalls(calls)).toHaveLength(2));
      expect(within(missed).getByText('“$199”')).toBeInTheDocument();
      // Focus stays in the list, not lost with the removed button.
      expect(missed).toContainElement(document.activeElement as HTMLElement);
    });

    it('shows the marks to field technicians without Remove', async () => {
      serveMarks();
      renderSection({ user: makeUser('field_team') });
      const missed = await screen.findByRole('region', { name: 'Missed by the bot' });
      expect(within(missed).getByText('“$199”')).toBeInTheDocument();
      expect(within(missed).queryByRole('button')).toBeNull();
    });
  });
});
