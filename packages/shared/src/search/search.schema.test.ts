import { describe, expect, it } from 'vitest';
import { toValidationError } from '../http/errors';
import { MESSAGES } from '../validation/messages';
import { SEARCH_MESSAGES, SEARCH_TEXT_MAX, searchQuerySchema } from './search.schema';

const errorsOf = (raw: Record<string, unknown>) => {
  const result = searchQuerySchema.safeParse(raw);
  expect(result.success).toBe(false);
  return toValidationError(
    (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[],
  ).errors;
};

describe('the search query string', () => {
  it('needs words to search for, trimmed, and fills the defaults', () => {
    expect(errorsOf({})).toEqual({ q: [SEARCH_MESSAGES.textRequired] });
    expect(errorsOf({ q: '   ' })).toEqual({ q: [SEARCH_MESSAGES.textRequired] });
    expect(searchQuerySchema.parse({ q: ' "no heat" furnace ', type: '', from: '' })).toEqual({
      q: '"no heat" furnace',
      page: 1,
      tag_state: 'found',
    });
  });

  it('caps the text and checks dates, ids and choices', () => {
    expect(errorsOf({ q: 'a'.repeat(SEARCH_TEXT_MAX + 1) })).toEqual({
      q: [MESSAGES.invalidValue],
    });
    expect(
      errorsOf({ q: 'x', from: '2026-13-01', technician_id: 'nope', call_type: 'Maybe' }),
    ).toEqual({
      from: [MESSAGES.invalidValue],
      technician_id: [MESSAGES.selectValidValue],
      call_type: [MESSAGES.selectValidValue],
    });
  });

  it('refuses an end date before the start date, and a tag without its bot', () => {
    expect(errorsOf({ q: 'x', from: '2026-11-02', to: '2026-11-01' })).toEqual({
      to: [SEARCH_MESSAGES.dateOrder],
    });
    expect(searchQuerySchema.parse({ q: 'x', from: '2026-11-01', to: '2026-11-01' }).to).toBe(
      '2026-11-01',
    );
    expect(errorsOf({ q: 'x', tag: 'Plan offered' })).toEqual({
      bot_id: [SEARCH_MESSAGES.tagNeedsBot],
    });
  });
});
