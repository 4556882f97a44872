import {
  BOT_MARK_MESSAGES,
  INTERACTION_MESSAGES,
  INTERACTION_POLL_MS,
  interactionAudioPath,
  interactionBotResultPath,
  interactionTranscriptPath,
  missedMarkPath,
  type BotResult,
  type InteractionDetail,
  type MissedMark,
  type User,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeBotResult,
  makeResponseTag,
  makeResultItem,
} from '@/components/bot-result/test/fixtures';
import { blockingViolations } from '@/test/axe';
import { FakeWaveSurfer, readyWaveSurfer, setUpFakeWaveSurfer } from '@/test/fake-wavesurfer';
import { mockApi, type ApiCall, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { DRAFT_TRANSCRIPT_LABEL, TRANSCRIPT_GENERATING } from '../components/transcript-box';
import {
  INTERACTION_NOT_FOUND,
  InteractionDetailPage,
  LINK_COPIED,
} from './interaction-detail-page';

vi.mock('wavesurfer.js', async () => ({
  default: (await import('@/test/fake-wavesurfer')).FakeWaveSurfer,
}));

const ID = '7f1c1e1a-8a3b-4b52-9d3e-2f6f1c0e9a11';
const CUSTOMER_ID = '0b6f0f7e-3c1d-4a8e-9f55-5d6a1c2b3e44';
const API = `/api/company/interaction/${ID}/field-recording`;
const BOT_RESULT_API = interactionBotResultPath(ID, 'field-recording');
const ROUTE = 'customers/:customerId/interaction/:interactionId/:interactionType';
const URL = `/customers/${CUSTOMER_ID}/interaction/${ID}/field-recording`;

function detail(overrides: Partial<InteractionDetail> = {}): InteractionDetail {
  return {
    id: ID,
    interaction_id: 'R-000042',
    type: 'field-recording',
    call_type: null,
    status: 'completed',
    download_status: null,
    recording_by: 'Tom Tech',
    created_at: new Date(2025, 2, 7, 14, 5, 9).toISOString(),
    duration: 65,
    job_id: 'J-1001',
    customer: { id: CUSTOMER_ID, name: 'Harbor View Dental', do_not_record: false },
    consent: null,
    audio_deleted_at: null,
    transcript_deleted_at: null,
    audio_url: interactionAudioPath(ID, 'field-recording'),
    audio_peaks: [0.2, 0.6, 0.4],
    audio_merge_status: 'completed',
    audio_merge_error_message: null,
    transcript: 'Hello there. The boiler is fine. Thanks.',
    transcript_status: 'completed',
    transcript_error_message: null,
    transcript_segments: [
      { start: 0, end: 4.5, speaker: 'Speaker 1', text: 'Hello there.' },
      { start: 4.5, end: 20, speaker: 'Speaker 2', text: 'The boiler is fine.' },
      { start: 20, end: 65, speaker: 'Speaker 1', text: 'Thanks.' },
    ],
    transcript_engine: null,
    transcript_url: interactionTranscriptPath(ID, 'field-recording'),
    ...overrides,
  };
}

function renderDetail(
  reply: MockReply | (() => MockReply | Promise<MockReply>),
  url = URL,
  botResult: BotResult | null | (() => BotResult) = null,
  {
    user,
    handlers = {},
  }: { user?: User; handlers?: Record<string, (call: ApiCall) => MockReply> } = {},
) {
  const api = mockApi({
    [`GET ${API}`]: typeof reply === 'function' ? reply : reply,
    [`GET ${BOT_RESULT_API}`]: () => ({
      body: { data: typeof botResult === 'function' ? botResult() : botResult },
    }),
    ...handlers,
  });
  const view = renderPage(<InteractionDetailPage />, { route: ROUTE, url, user });
  const detailCalls = () => api.calls.filter((call) => call.path === API);
  return { ...view, ...api, detailCalls };
}

/** A transcript row's time button, named by the whole line. */
const segment = (text: string) => screen.getByRole('button', { name: new RegExp(text) });
/** The row itself (its list item carries aria-current). */
const segmentRow = (text: string) => segment(text).closest('li')!;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
// After the hook above, so that its afterEach (unmounting) runs before it.
setUpFakeWaveSurfer();

describe('InteractionDetailPage', () => {
  it('shows the customer, the details block, the player and the transcript', async () => {
    renderDetail({ body: { data: detail() } });
    const customer = await screen.findByRole('link', { name: 'Harbor View Dental' });
    expect(customer).toHaveAttribute('href', `/customers/${CUSTOMER_ID}`);

    const details = screen.getByRole('region', { name: 'Interaction details' });
    const value = (label: string) =>
      within(details).getByText(label).parentElement?.querySelector('dd');
    expect(value('Interaction ID')).toHaveTextContent('R-000042');
    expect(value('Interaction type')).toHaveTextContent('Field Recording');
    expect(value('Timestamp')).toHaveTextContent('03/07/2025 02:05:09 PM');
    expect(value('Recording length')).toHaveTextContent('01:05');
    expect(value('Interaction Status')).toHaveTextContent('Completed');
    expect(value('Field Team')).toHaveTextContent('Tom Tech');
    expect(value('Job ID')).toHaveTextContent('J-1001');

    const ws = await readyWaveSurfer();
    expect(ws.options.url).toBe(interactionAudioPath(ID, 'field-recording'));
    expect(ws.options.peaks).toEqual([[0.2, 0.6, 0.4]]);
    expect(ws.options.duration).toBe(65);

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', interactionTranscriptPath(ID, 'field-recording'));
    expect(download).toHaveAttribute('download', 'R-000042.txt');
    expect(segment('Hello there')).toHaveAccessibleName('[00:00] Speaker 1: Hello there.');
    expect(segment('boiler')).toHaveAccessibleName('[00:04] Speaker 2: The boiler is fine.');

    expect(screen.getByText('No Bot Result Generated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Bot' })).not.toHaveAttribute('aria-disabled');
  });

  it('labels an offline transcript as a draft of low accuracy, and only that one', async () => {
    const view = renderDetail({ body: { data: detail({ transcript_engine: 'pocketsphinx' }) } });
    const transcript = await screen.findByRole('region', { name: /Transcript/ });
    expect(within(transcript).getByText(DRAFT_TRANSCRIPT_LABEL)).toBeInTheDocument();
    view.unmount();

    renderDetail({ body: { data: detail({ transcript_engine: 'openai-compatible' }) } });
    await screen.findByRole('region', { name: /Transcript/ });
    expect(screen.queryByText(DRAFT_TRANSCRIPT_LABEL)).not.toBeInTheDocument();
  });

  it('labels a CSR call with its call type', async () => {
    mockApi({
      [`GET /api/company/interaction/${ID}/csr-call`]: {
        body: { data: detail({ type: 'csr-call', call_type: 'Unbooked', recording_by: null }) },
      },
      [`GET ${interactionBotResultPath(ID, 'csr-call')}`]: { body: { data: null } },
    });
    renderPage(<InteractionDetailPage />, {
      route: 'interaction/:interactionId/:interactionType',
      url: `/interaction/${ID}/csr-call`,
    });
    expect(await screen.findByText('CSR Call (Unbooked)')).toBeInTheDocument();
  });

  it('highlights the playing segment and seeks when a segment is clicked', async () => {
    renderDetail({ body: { data: detail() } });
    const ws = await readyWaveSurfer();
    expect(segmentRow('Hello there')).not.toHaveAttribute('aria-current');

    act(() => ws.progress(6));
    expect(segmentRow('boiler')).toHaveAttribute('aria-current', 'true');
    expect(segmentRow('Hello there')).not.toHaveAttribute('aria-current');

    const user = userEvent.setup();
    await user.click(segment('Thanks'));
    expect(ws.time).toBe(20);
    expect(screen.getByTestId('player-elapsed')).toHaveTextContent('00:20');
    expect(segmentRow('Thanks')).toHaveAttribute('aria-current', 'true');
  });

  it('opens at ?t= and copies a link to the current moment', async () => {
    renderDetail({ body: { data: detail() } }, `${URL}?t=12.5`);
    const ws = await readyWaveSurfer();
    expect(ws.seeks).toEqual([12.5]);
    expect(screen.getByTestId('player-elapsed')).toHaveTextContent('00:12');
    expect(segmentRow('boiler')).toHaveAttribute('aria-current', 'true');

    const user = userEvent.setup();
    act(() => ws.progress(31.9));
    await user.click(screen.getByRole('button', { name: 'Copy link at this moment' }));
    expect(await screen.findByText(LINK_COPIED)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${URL}?t=31`);
  });

  it('moves the player when a link to another moment of the same interaction is followed', async () => {
    const { router } = renderDetail({ body: { data: detail() } }, `${URL}?t=2`);
    const ws = await readyWaveSurfer();
    expect(ws.seeks).toEqual([2]);
    await act(() => router.navigate(`${URL}?t=21.5`));
    expect(ws.seeks).toEqual([2, 21.5]);
    expect(segmentRow('Thanks')).toHaveAttribute('aria-current', 'true');
  });

  it('shows the loading player and the generating transcript while merging, and polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let merged = false;
    const { detailCalls } = renderDetail(() => ({
      body: {
        data: merged
          ? detail({ transcript_status: 'in-progress', transcript_segments: [] })
          : detail({
              status: 'in-progress',
              audio_merge_status: 'in-progress',
              audio_url: null,
              audio_peaks: null,
              duration: null,
              transcript: null,
              transcript_status: null,
              transcript_segments: [],
              transcript_url: null,
            }),
      },
    }));
    expect(await screen.findByText(INTERACTION_MESSAGES.audioLoading)).toBeInTheDocument();
    expect(screen.getByText(TRANSCRIPT_GENERATING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Bot' })).toHaveAccessibleDescription(
      'Bots run on completed interactions only.',
    );
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(FakeWaveSurfer.instances).toHaveLength(0);

    merged = true;
    await act(() => vi.advanceTimersByTimeAsync(INTERACTION_POLL_MS));
    await waitFor(() => expect(detailCalls()).toHaveLength(2));
    await readyWaveSurfer();
    // Still transcribing: keeps polling.
    expect(screen.getByText(TRANSCRIPT_GENERATING)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(INTERACTION_POLL_MS));
    await waitFor(() => expect(detailCalls()).toHaveLength(3));
  });

  it('stops polling once nothing is in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderDetail({ body: { data: detail() } });
    await readyWaveSurfer();
    await act(() => vi.advanceTimersByTimeAsync(INTERACTION_POLL_MS * 3));
    // The interaction and its bot result, once each.
    expect(calls.map((call) => call.path).sort()).toEqual([API, BOT_RESULT_API].sort());
  });

  it('shows the merge error message instead of the player', async () => {
    renderDetail({
      body: {
        data: detail({
          audio_merge_status: 'error',
          audio_merge_error_message: 'Audio processing is unavailable: ffmpeg is not installed.',
          audio_url: null,
          transcript: null,
          transcript_status: null,
          transcript_segments: [],
          transcript_url: null,
        }),
      },
    });
    expect(
      await screen.findByText('Audio processing is unavailable: ffmpeg is not installed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Audio player' })).not.toBeInTheDocument();
    expect(screen.getByText(INTERACTION_MESSAGES.noTranscript)).toBeInTheDocument();
  });

  it('shows the transcript error, and "No Transcript Found" without a transcript', async () => {
    const { unmount } = renderDetail({
      body: {
        data: detail({
          transcript: null,
          transcript_status: 'error',
          transcript_error_message: INTERACTION_MESSAGES.noTranscriptionService,
          transcript_segments: [],
          transcript_url: null,
        }),
      },
    });
    expect(
      await screen.findByText(INTERACTION_MESSAGES.noTranscriptionService),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    unmount();

    renderDetail({
      body: {
        data: detail({
          audio_url: null,
          transcript: null,
          transcript_status: 'completed',
          transcript_segments: [],
          transcript_url: null,
        }),
      },
    });
    expect(await screen.findByText(INTERACTION_MESSAGES.noTranscript)).toBeInTheDocument();
    expect(screen.getByText(INTERACTION_MESSAGES.noAudio)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Copy link at this moment' }),
    ).not.toBeInTheDocument();
  });

  it('shows the plain transcript text when there are no segments', async () => {
    renderDetail({ body: { data: detail({ transcript_segments: [] }) } });
    expect(await screen.findByText('Hello there. The boiler is fine. Thanks.')).toBeInTheDocument();
  });

  it("answers 'Interaction not found' to a 404 and to an unknown type", async () => {
    const { unmount } = renderDetail({ status: 404, body: { message: 'Not found.' } });
    expect(await screen.findByText(INTERACTION_NOT_FOUND)).toBeInTheDocument();
    unmount();

    const { calls } = mockApi({});
    renderPage(<InteractionDetailPage />, {
      route: ROUTE,
      url: `/customers/${CUSTOMER_ID}/interaction/${ID}/voicemail`,
    });
    expect(await screen.findByText(INTERACTION_NOT_FOUND)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("answers 'Interaction not found' with a link back to the customer to a bad id and a 422", async () => {
    const { calls } = mockApi({});
    const { unmount } = renderPage(<InteractionDetailPage />, {
      route: ROUTE,
      url: `/customers/${CUSTOMER_ID}/interaction/abc/field-recording`,
    });
    expect(await screen.findByRole('heading', { name: INTERACTION_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the customer' })).toHaveAttribute(
      'href',
      `/customers/${CUSTOMER_ID}`,
    );
    expect(calls).toHaveLength(0);
    unmount();

    renderDetail({ status: 422, body: { message: 'Please enter valid value' } });
    expect(await screen.findByRole('heading', { name: INTERACTION_NOT_FOUND })).toBeInTheDocument();
    expect(screen.queryByText('Please enter valid value')).not.toBeInTheDocument();
  });

  it('shows the server message with Try again when the interaction cannot be loaded', async () => {
    let failing = true;
    renderDetail(() =>
      failing
        ? { status: 500, body: { message: 'The server is resting.' } }
        : { body: { data: detail() } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server is resting.');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Interaction details' })).toBeInTheDocument();
  });

  it('shows a skeleton of the page while the interaction loads', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    renderDetail(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    const loading = await screen.findByRole('status', { name: 'Loading the interaction' });
    expect(within(loading).getByTestId('player-skeleton')).toBeInTheDocument();
    answer({ body: { data: detail() } });
    expect(await screen.findByRole('region', { name: 'Interaction details' })).toBeInTheDocument();
    expect(
      screen.queryByRole('status', { name: 'Loading the interaction' }),
    ).not.toBeInTheDocument();
  });
  describe('bot results', () => {
    // transcript: 'Hello there. The boiler is fine. Thanks.' (segments joined by one space)
    const boilerTag = makeResponseTag({
      label: 'Condition',
      index_start: 17,
      index_end: 32,
      text: 'boiler is fine.',
    });
    const acrossTag = makeResponseTag({
      label: 'Sign-off',
      index_start: 6,
      index_end: 16,
      text: 'there. The',
    });
    const thanksTag = makeResponseTag({
      label: 'Thanks',
      index_start: 33,
      index_end: 40,
      text: 'Thanks.',
    });
    const result = makeBotResult({
      results: [
        makeResultItem({
          bot_name: 'Condition check',
          bot_color: 'green',
          response_tags: [boilerTag, acrossTag],
        }),
        makeResultItem({ bot_name: 'Politeness', bot_color: 'red', response_tags: [thanksTag] }),
      ],
    });

    const marks = () => Array.from(document.querySelectorAll('mark')).map((m) => m.textContent);

    it("highlights the open bot's spans at their exact offsets and seeks when one is clicked", async () => {
      renderDetail({ body: { data: detail() } }, URL, result);
      const ws = await readyWaveSurfer();
      await screen.findByRole('tab', { name: 'Condition check' });
      expect(marks()).toEqual(['there.', 'The', 'boiler is fine.']);
      expect(screen.getByText(/the quotes of Condition check/)).toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'boiler is fine.' }));
      // The span is spoken in the second segment, from 4.5 s.
      expect(ws.time).toBe(4.5);
      expect(screen.getByTestId('player-elapsed')).toHaveTextContent('00:04');

      screen.getByRole('button', { name: 'there.' }).focus();
      await user.keyboard('{Enter}');
      expect(ws.time).toBe(0);

      // Another bot's tab highlights that bot's spans instead.
      await user.click(screen.getByRole('tab', { name: 'Politeness' }));
      expect(marks()).toEqual(['Thanks.']);
    });

    it('plays a response tag clicked in the Bot Result tab', async () => {
      renderDetail({ body: { data: detail() } }, URL, result);
      const ws = await readyWaveSurfer();
      await userEvent
        .setup()
        .click(await screen.findByRole('button', { name: '“boiler is fine.”' }));
      expect(ws.time).toBe(4.5);
    });

    describe('missed marks', () => {
      const outputTags = [
        { id: 0, label: 'Condition', data: 'Fine', description: '' },
        { id: 1, label: 'Sign-off', data: null, description: '' },
      ];
      const item = makeResultItem({
        bot_name: 'Condition check',
        response_tags: [boilerTag, acrossTag],
        output_tags: outputTags,
      });
      const saved: MissedMark = {
        id: '5d2b7c1e-1f0a-4e55-8b8e-7c9a0d1e2f03',
        tag_id: 1,
        label: 'Sign-off',
        index_start: 0,
        index_end: 12,
        text: 'Hello there.',
      };

      /** The transcript text rendered from transcript offset `offset`. */
      const runAt = (offset: number) =>
        screen.getByTestId('transcript-segments').querySelector(`[data-offset="${offset}"]`)!
          .firstChild!;

      function select(from: Node, fromOffset: number, to: Node, toOffset: number) {
        const range = document.createRange();
        range.setStart(from, fromOffset);
        range.setEnd(to, toOffset);
        const selection = document.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
      }

      it('marks the selected words, taken whole, as missed by the chosen tag', async () => {
        let marks: MissedMark[] = [];
        const { calls } = renderDetail(
          { body: { data: detail() } },
          URL,
          () => makeBotResult({ results: [{ ...item, missed_marks: marks }] }),
          {
            user: makeUser('manager'),
            handlers: {
              [`POST ${missedMarkPath(item.id)}`]: () => {
                marks = [saved];
                return { body: { message: BOT_MARK_MESSAGES.missedSaved, data: saved } };
              },
            },
          },
        );
        await screen.findByRole('tab', { name: 'Condition check' });
        expect(screen.getByText(/Select the words it should have tagged/)).toBeInTheDocument();
        const missed = screen.getByRole('region', { name: 'Missed by the bot' });
        expect(within(missed).getByText(/Nothing marked as missed/)).toBeInTheDocument();

        // "ello the" from inside "Hello " into the highlighted "there.": "Hello there.".
        select(runAt(0), 1, runAt(6), 3);
        const words = await screen.findByRole('group', { name: 'Selected words' });
        expect(within(words).getByText('“Hello there.”')).toBeInTheDocument();
        expect(await blockingViolations()).toEqual([]);

        const user = userEvent.setup();
        // A keyboard user's way from the selection to the toolbar.
        await user.keyboard('m');
        const markButton = within(words).getByRole('button', { name: 'Mark as missed' });
        expect(markButton).toHaveFocus();
        await user.click(markButton);
        await user.click(await screen.findByRole('menuitem', { name: 'Missed: Sign-off' }));

        await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
        expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
          tag_id: 1,
          index_start: 0,
          index_end: 12,
        });
        expect(await screen.findByText(BOT_MARK_MESSAGES.missedSaved)).toBeInTheDocument();
        expect(await within(missed).findByText('Missed: Sign-off')).toBeInTheDocument();
        expect(within(missed).getByText('“Hello there.”')).toBeInTheDocument();
        // Underlined in the transcript, across the highlight's edge.
        const underlined = Array.from(document.querySelectorAll('[data-missed]'));
        expect(underlined.map((u) => u.textContent).join('')).toBe('Hello there.');
        expect(screen.queryByRole('group', { name: 'Selected words' })).toBeNull();
        // The result is fetched again after the mark.
        await waitFor(() =>
          expect(calls.filter((c) => c.path === BOT_RESULT_API).length).toBeGreaterThan(1),
        );
      });

      it('is not offered to a field technician', async () => {
        renderDetail({ body: { data: detail() } }, URL, makeBotResult({ results: [item] }), {
          user: makeUser('field_team'),
        });
        await screen.findByRole('tab', { name: 'Condition check' });
        select(runAt(0), 0, runAt(0), 5);
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect(screen.queryByRole('group', { name: 'Selected words' })).toBeNull();
        expect(screen.queryByText(/Select the words it should have tagged/)).toBeNull();
        expect(screen.queryByRole('region', { name: 'Missed by the bot' })).toBeNull();
      });
    });

    it('shows the fetching message while the run has no results yet', async () => {
      renderDetail(
        { body: { data: detail() } },
        URL,
        makeBotResult({ status: 'running', results: [] }),
      );
      expect(
        await screen.findByText(/Fetching Bots results, this might take a few minutes/),
      ).toBeInTheDocument();
      expect(document.querySelector('mark')).toBeNull();
    });
  });
});
