import { AUTOMATION_RUN_BY, BOT_RUN_MESSAGES, botIcon, gptResponseSchema } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
import type { SubscribedBot } from './bot-runs.repo.js';
import { pickBots, toBotResult, toResultItem } from './bot-runs.service.js';

const bot = (botId: string, trigger: SubscribedBot['trigger']): SubscribedBot => ({
  botId,
  versionId: `v-${botId}`,
  name: botId,
  color: 'red',
  trigger,
  trigger_event: 'every',
  engine: 'rules',
  version: 1,
  latestVersion: 2,
});

const fieldErrors = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).body.errors;
  }
  throw new Error('expected a 422');
};

describe('pickBots', () => {
  const a = bot('a', 'recording-complete');
  const b = bot('b', 'call-complete');
  it('keeps subscribed, selectable bots once each, in request order', () => {
    expect(pickBots(['a', 'a'], [a, b], [a], 'no')).toEqual([a]);
  });
  it('names the reason of the first bad bot on bot_ids', () => {
    expect(fieldErrors(() => pickBots(['a', 'zzz'], [a, b], [a], 'no'))).toEqual({
      bot_ids: [BOT_RUN_MESSAGES.botNotAvailable],
    });
    expect(fieldErrors(() => pickBots(['b'], [a, b], [a], 'Not here.'))).toEqual({
      bot_ids: ['Not here.'],
    });
  });
});

const row = {
  id: '11111111-1111-4111-8111-111111111111',
  botId: '22222222-2222-4222-8222-222222222222',
  botName: 'Booking',
  color: 'red' as const,
  version: 3,
  status: 'success' as const,
  errorMessage: null,
  runType: 'automatic' as const,
  runAt: new Date('2025-01-02T03:04:05Z'),
  rawResponse: 'raw',
  outputTags: [{ id: 0, label: 'L', data: 'd', description: 'x' }],
  responseTags: [
    {
      tag_id: 0,
      label: 'L',
      index_start: 0,
      index_end: 2,
      text: 'hi',
      match: 'exact' as const,
      score: 1,
    },
  ],
  unmatchedQuotes: 1,
  pausedReason: null,
};

describe('toResultItem', () => {
  it('carries verdicts into gpt_response, JSON text once on interactions, twice on customers', () => {
    const feedback = [{ resultId: row.id, tagPosition: 0, verdict: 'correct' as const }];
    const once = toResultItem(row, feedback, false);
    expect(once).toMatchObject({
      bot_icon: botIcon('red'),
      version: 3,
      run_at: '2025-01-02T03:04:05.000Z',
    });
    const decoded = gptResponseSchema.parse(JSON.parse(once.gpt_response!));
    expect(decoded.response_tags[0]!.verdict).toBe('correct');
    expect(decoded.unmatched_quotes).toBe(1);
    const twice = toResultItem(row, feedback, true);
    expect(JSON.parse(twice.gpt_response!)).toBe(once.gpt_response);
    expect(twice.output_tags).toBe(once.output_tags);
  });
  it('has no gpt_response or output tags before the result has them', () => {
    const running = { ...row, status: 'running' as const, responseTags: null, outputTags: null };
    expect(toResultItem(running, [], true)).toMatchObject({
      gpt_response: null,
      output_tags: null,
    });
  });
});

describe('toBotResult', () => {
  const run = {
    id: 'r',
    status: 'failed' as const,
    runType: 'automatic' as const,
    runBy: null,
    startedAt: new Date('2025-01-02T03:04:05Z'),
    errorMessage: 'Broke.',
    executionSeconds: 2.4,
  };
  it("shows automatic runs as run by 'Automation' and the failure message when failed", () => {
    expect(toBotResult(run, [])).toEqual({
      status: 'failed',
      run_type: 'automatic',
      run_by: AUTOMATION_RUN_BY,
      run_at: '2025-01-02T03:04:05.000Z',
      errorMessage: 'Broke.',
      executionTime: 2,
      bot_result_error_message: 'Broke.',
      results: [],
    });
    expect(
      toBotResult({ ...run, status: 'completed', runType: 'manual', runBy: 'Ina' }, []),
    ).toMatchObject({ run_by: 'Ina', bot_result_error_message: null });
  });
});
