import {
  botIcon,
  type BotDetail,
  type BotListItem,
  type BotVersion,
  type TestRunResponse,
} from '@fieldbot/shared';

let seq = 0;
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeBotListItem(overrides: Partial<BotListItem> = {}): BotListItem {
  seq += 1;
  return {
    id: uuid(3000 + seq),
    name: `Bot ${seq}`,
    description: 'Finds what the technician offered.',
    color: 'green',
    icon: botIcon('green'),
    trigger: 'call-complete',
    trigger_event: 'call-booked',
    engine: 'rules',
    visibility: 'marketplace',
    status: 'published',
    latest_version: 2,
    updated_at: '2026-03-04T10:00:00.000Z',
    companies_count: 3,
    ...overrides,
  };
}

export function makeVersion(overrides: Partial<BotVersion> = {}): BotVersion {
  return {
    number: 1,
    changelog: 'First version',
    engine: 'rules',
    published_at: '2026-02-01T09:00:00.000Z',
    published_by: 'Pat Publisher',
    companies_count: 1,
    feedback: { correct: 0, wrong: 0 },
    tag_accuracy: [],
    deprecation: null,
    ...overrides,
  };
}

export function makeBotDetail(overrides: Partial<BotDetail> = {}): BotDetail {
  seq += 1;
  return {
    id: uuid(4000 + seq),
    publisher_id: uuid(9),
    name: 'Maintenance plan offered',
    description: 'Did the technician offer a plan?',
    color: 'purple',
    icon: botIcon('purple'),
    trigger: 'recording-complete',
    trigger_event: 'every',
    prompt: 'Find the plan offer.',
    output_tags: [
      {
        index: 0,
        label: 'Plan offered',
        description: 'The offer',
        rule: { phrases: ['maintenance plan'], speaker: 'agent', extractors: ['money'] },
      },
    ],
    engine: 'rules',
    visibility: 'marketplace',
    status: 'published',
    latest_version: 2,
    has_unpublished_changes: false,
    reference_files: [],
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    versions: [],
    worst_misses: [],
    companies: [],
    ...overrides,
  };
}

/** A successful test-run answer whose response tags point at `spans` of `segments` joined by spaces. */
export function makeTestRunData(
  segments: { speaker: string; text: string }[],
  spans: { start: number; end: number; tag_id?: number; matched_by?: string }[],
  unmatched = 0,
): TestRunResponse['data'] {
  const transcript = segments.map((s) => s.text).join(' ');
  return {
    transcript,
    segments: segments.map((s, i) => ({ ...s, start: i * 5, end: i * 5 + 4 })),
    result: {
      bot_name: 'Test bot',
      bot_color: 'green',
      bot_icon: botIcon('green'),
      version: 1,
      status: 'success',
      error_message: null,
      run_type: 'manual',
      run_at: '2026-03-01T09:00:00.000Z',
      raw_response: '{"ok":true}',
      gpt_response: JSON.stringify({
        response_tags: spans.map((s) => ({
          tag_id: s.tag_id ?? 0,
          label: 'Plan offered',
          index_start: s.start,
          index_end: s.end,
          text: transcript.slice(s.start, s.end),
          match: 'exact',
          score: 1,
          ...(s.matched_by ? { matched_by: s.matched_by } : {}),
          verdict: null,
        })),
        unmatched_quotes: unmatched,
      }),
      output_tags: JSON.stringify([
        { id: 0, label: 'Plan offered', data: 'Yes: $199 a year', description: 'The offer' },
      ]),
    },
  };
}

/** The query string of every fetch to `path`, in call order. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}
