import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOMATIC_RUN_GRACE_MS,
  BOT_RESULT_POLL_MS,
  botResultRefetchInterval,
  useAwaitingAutomaticRun,
} from './get-bot-result';
import type { BotResultView } from './bot-result-view';

const view = (status: BotResultView['status']) => ({ status }) as BotResultView;

describe('botResultRefetchInterval', () => {
  it('polls a running result', () => {
    expect(botResultRefetchInterval(view('running'))).toBe(BOT_RESULT_POLL_MS);
    expect(botResultRefetchInterval(view('success'))).toBe(false);
  });

  it('polls an empty result only while an automatic run may still appear', () => {
    expect(botResultRefetchInterval(null)).toBe(false);
    expect(botResultRefetchInterval(null, true)).toBe(BOT_RESULT_POLL_MS);
    // Not before the first answer, and not once a run exists.
    expect(botResultRefetchInterval(undefined, true)).toBe(false);
    expect(botResultRefetchInterval(view('success'), true)).toBe(false);
  });
});

describe('useAwaitingAutomaticRun', () => {
  afterEach(() => vi.useRealTimers());

  it('is false for an interaction that was already done when the page opened', () => {
    const { result } = renderHook(() => useAwaitingAutomaticRun(false));
    expect(result.current).toBe(false);
  });

  it('waits while processing and for a grace period after the page saw it finish', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ processing }) => useAwaitingAutomaticRun(processing),
      {
        initialProps: { processing: true },
      },
    );
    expect(result.current).toBe(true);

    rerender({ processing: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(AUTOMATIC_RUN_GRACE_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });
});
