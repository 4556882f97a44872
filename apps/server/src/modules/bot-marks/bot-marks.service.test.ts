import type { OutputTagDefinition } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { examplesOfMarks, tagAccuracyOf } from './bot-marks.service.js';

const tag = (index: number, label: string): OutputTagDefinition => ({
  index,
  label,
  description: '',
  rule: null,
});

describe('tagAccuracyOf', () => {
  it('lists every tag of the version in index order, with figures from all marks', () => {
    const counts = [
      { tagId: 2, kind: 'correct' as const, n: 3 },
      { tagId: 2, kind: 'wrong' as const, n: 1 },
      { tagId: 2, kind: 'missed' as const, n: 2 },
    ];
    expect(tagAccuracyOf([tag(2, 'Booked'), tag(0, 'Plan')], counts)).toEqual([
      {
        tag_id: 0,
        label: 'Plan',
        correct: 0,
        wrong: 0,
        missed: 0,
        precision: null,
        recall: null,
        n: 0,
      },
      {
        tag_id: 2,
        label: 'Booked',
        correct: 3,
        wrong: 1,
        missed: 2,
        precision: 3 / 4,
        recall: 3 / 5,
        n: 6,
      },
    ]);
  });
});

describe('examplesOfMarks', () => {
  it('reads Missed and Correct as should-match, Wrong as should-not, weighted by count', () => {
    const row = { tagId: 1, sentence: 'We can book you in.', side: 'agent' as const, count: 2 };
    expect(
      examplesOfMarks([
        { ...row, kind: 'missed' },
        { ...row, kind: 'correct', count: 1 },
        { ...row, kind: 'wrong', side: null },
      ]).map((e) => [e.shouldMatch, e.weight, e.side]),
    ).toEqual([
      [true, 2, 'agent'],
      [true, 1, 'agent'],
      [false, 2, null],
    ]);
  });
});
