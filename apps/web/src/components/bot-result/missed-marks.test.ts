import { describe, expect, it } from 'vitest';
import { missedRanges, missedRuns, rangeOffsets, wholeWords } from './missed-marks';

const TRANSCRIPT = 'Hello there. The boiler is fine. Thanks.';
const mark = (start: number, end: number, label = 'Plan') => ({
  index_start: start,
  index_end: end,
  text: TRANSCRIPT.slice(start, end),
  label,
});

describe('missedRanges', () => {
  it('merges overlapping marks with their labels and leaves out stale ones', () => {
    expect(
      missedRanges(TRANSCRIPT, [
        mark(17, 26, 'Condition'),
        mark(0, 5),
        mark(21, 32, 'Plan'),
        { ...mark(33, 40), text: 'Goodbye' },
      ]),
    ).toEqual([
      { start: 0, end: 5, labels: ['Plan'] },
      { start: 17, end: 32, labels: ['Condition', 'Plan'] },
    ]);
  });
});

describe('missedRuns', () => {
  it('splits a piece at the edges of the ranges it crosses, keeping offsets', () => {
    const ranges = [{ start: 15, end: 23, labels: ['Plan'] }];
    // "The boiler is fine." starts at 13.
    expect(missedRuns('The boiler is fine.', 13, ranges)).toEqual([
      { text: 'Th', start: 13, missed: null },
      { text: 'e boiler', start: 15, missed: ['Plan'] },
      { text: ' is fine.', start: 23, missed: null },
    ]);
    expect(missedRuns('Thanks.', 33, ranges)).toEqual([
      { text: 'Thanks.', start: 33, missed: null },
    ]);
  });
});

describe('wholeWords', () => {
  it('drops surrounding spaces and takes cut words whole', () => {
    expect(wholeWords(TRANSCRIPT, { start: 19, end: 25 })).toEqual({ start: 17, end: 26 });
    expect(wholeWords(TRANSCRIPT, { start: 12, end: 17 })).toEqual({ start: 13, end: 16 });
    expect(wholeWords(TRANSCRIPT, { start: 12, end: 13 })).toBeNull();
  });
});

describe('rangeOffsets', () => {
  it('maps a DOM range over offset-carrying runs to transcript offsets, skipping other text', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<p><b>Speaker 1:</b> <span data-offset="0">Hello </span><mark><span data-offset="6">there.</span></mark></p>' +
      '<p><b>Speaker 2:</b> <span data-offset="13">The boiler is fine.</span></p>';
    document.body.append(root);
    const runs = root.querySelectorAll('[data-offset]');
    const range = document.createRange();
    range.setStart(runs[1]!.firstChild!, 2);
    range.setEnd(runs[2]!.firstChild!, 3);
    expect(rangeOffsets(root, range)).toEqual({ start: 8, end: 16 });

    // Only a speaker's name: no transcript text.
    const label = root.querySelector('b')!;
    range.setStart(label.firstChild!, 0);
    range.setEnd(label.firstChild!, 4);
    expect(rangeOffsets(root, range)).toBeNull();

    // From a speaker's name into the text: the text's part.
    const second = root.querySelectorAll('b')[1]!;
    range.setStart(second.firstChild!, 2);
    range.setEnd(runs[2]!.firstChild!, 10);
    expect(rangeOffsets(root, range)).toEqual({ start: 13, end: 23 });
    root.remove();
  });
});
