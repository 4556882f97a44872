import { describe, expect, it } from 'vitest';
import {
  earliestRetirementDay,
  latestRetirementDay,
  retirementDayMessage,
  retirementDayProblem,
} from './deprecation-rules';
import { MESSAGES } from '../validation/messages';
import { MARKETPLACE_MESSAGES } from './marketplace.schema';

// Deprecated at 23:30 UTC on 2026-11-29: the allowed days run from the 14th day to two years on.
const at = new Date('2026-11-29T23:30:00Z');

describe('retirement day rules', () => {
  it('allows 14 days to 730 days after the UTC day', () => {
    expect(earliestRetirementDay(at)).toBe('2026-12-13');
    expect(latestRetirementDay(at)).toBe('2028-11-28');
  });

  it.each([
    ['2026-12-13', null],
    ['2027-06-01', null],
    ['2028-11-28', null],
    ['2026-12-12', 'too-soon'],
    ['2026-11-29', 'too-soon'],
    ['2028-11-29', 'too-late'],
    ['9999-12-31', 'too-late'],
    ['2027-02-30', 'invalid'],
    ['12/13/2026', 'invalid'],
    ['', 'invalid'],
  ] as const)('%j → %s', (value, problem) => {
    expect(retirementDayProblem(value, at)).toBe(problem);
  });

  it('names each problem in one message, for the server and the dialog', () => {
    expect(retirementDayMessage('2027-06-01', at)).toBeNull();
    expect(retirementDayMessage('2026-12-12', at)).toBe(MARKETPLACE_MESSAGES.retireTooSoon);
    expect(retirementDayMessage('9999-12-31', at)).toBe(MARKETPLACE_MESSAGES.retireTooLate);
    expect(retirementDayMessage('2027-02-30', at)).toBe(MESSAGES.invalidValue);
  });
});
