import { describe, expect, it } from 'vitest';
import {
  BACK_RUN_MAX_DAYS,
  BACK_RUN_MESSAGES,
  backRunDays,
  backRunRequestSchema,
} from './bot-result.schema';

const BOT = '5b0f3c52-3f0e-4d7a-9c43-1c2f7f0c9a01';

/** The field messages of a failed parse, keyed by the first path segment. */
function errors(body: unknown): Record<string, string> {
  const parsed = backRunRequestSchema.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('backRunDays', () => {
  it('counts both ends, across month ends and leap days', () => {
    expect(backRunDays('2025-01-01', '2025-01-01')).toBe(1);
    expect(backRunDays('2025-01-31', '2025-02-01')).toBe(2);
    expect(backRunDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(backRunDays('2025-01-02', '2025-01-01')).toBe(0);
  });
});

describe('backRunRequestSchema', () => {
  it('accepts a range of one day up to the longest', () => {
    expect(errors({ bot_id: BOT, from: '2025-03-09', to: '2025-03-09' })).toEqual({});
    expect(errors({ bot_id: BOT, from: '2024-01-01', to: '2024-12-31' })).toEqual({});
    expect(BACK_RUN_MAX_DAYS).toBe(366);
  });

  it('says on `to` when the range is reversed or too long', () => {
    expect(errors({ bot_id: BOT, from: '2025-03-10', to: '2025-03-09' })).toEqual({
      to: BACK_RUN_MESSAGES.fromAfterTo,
    });
    expect(errors({ bot_id: BOT, from: '2024-01-01', to: '2025-01-01' })).toEqual({
      to: BACK_RUN_MESSAGES.rangeTooLong,
    });
  });

  it('rejects dates that are not calendar days and ids that are not bots', () => {
    const bad = errors({ bot_id: 'nope', from: '2025-02-30', to: '01/03/2025' });
    expect(Object.keys(bad).sort()).toEqual(['bot_id', 'from', 'to']);
  });
});
