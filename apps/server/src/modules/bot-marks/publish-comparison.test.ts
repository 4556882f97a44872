import type { OutputTagDefinition } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  comparePublish,
  figuresOf,
  hasDropped,
  ruleExamples,
  type ComparedVersion,
  type LabelledExample,
} from './publish-comparison.js';

const outcome = (shouldMatch: boolean, matched: boolean, weight = 1) => ({
  shouldMatch,
  matched,
  weight,
});

describe('figuresOf', () => {
  it('counts precision over what matched and recall over what should match, by weight', () => {
    // 3 right matches (one example said twice), 1 wrong match, 2 misses, 4 right silences.
    const figures = figuresOf([
      outcome(true, true, 2),
      outcome(true, true),
      outcome(false, true),
      outcome(true, false, 2),
      outcome(false, false, 4),
    ]);
    expect(figures.precision).toBeCloseTo(3 / 4);
    expect(figures.recall).toBeCloseTo(3 / 5);
  });

  it('has no precision when nothing matched and no recall when nothing should match', () => {
    expect(figuresOf([outcome(true, false), outcome(false, false)])).toEqual({
      precision: null,
      recall: 0,
    });
    expect(figuresOf([outcome(false, true)])).toEqual({ precision: 0, recall: null });
    expect(figuresOf([])).toEqual({ precision: null, recall: null });
  });
});

describe('hasDropped', () => {
  it('is a drop when precision or recall is lower than before', () => {
    expect(hasDropped({ precision: 1, recall: 0.5 }, { precision: 0.9, recall: 0.8 })).toBe(true);
    expect(hasDropped({ precision: 0.5, recall: 1 }, { precision: 1, recall: 0.5 })).toBe(true);
    expect(hasDropped({ precision: 0.5, recall: 0.5 }, { precision: 0.5, recall: 0.75 })).toBe(
      false,
    );
  });

  it('is no drop without a previous version or where a figure cannot be computed', () => {
    expect(hasDropped(null, { precision: 0, recall: 0 })).toBe(false);
    expect(hasDropped({ precision: 1, recall: null }, { precision: null, recall: null })).toBe(
      false,
    );
  });
});

const tag = (
  index: number,
  label: string,
  rule: Partial<NonNullable<OutputTagDefinition['rule']>>,
): OutputTagDefinition => ({
  index,
  label,
  description: '',
  rule: { phrases: [], speaker: 'anyone', extractors: [], ...rule },
});
const version = (outputTags: OutputTagDefinition[]): ComparedVersion => ({
  engine: 'rules',
  outputTags,
  referenceTexts: [],
});
const example = (
  tagId: number,
  sentence: string,
  shouldMatch: boolean,
  side: LabelledExample['side'] = null,
  weight = 1,
): LabelledExample => ({ tagId, sentence, side, shouldMatch, weight });

describe('comparePublish', () => {
  const examples = [
    example(0, 'We offer a maintenance plan for the boiler.', true, 'agent'),
    example(0, 'Would you like our service agreement?', true, 'agent', 3),
    example(0, 'The plan of the house is on the wall.', false, 'agent'),
  ];

  it('runs both versions over the examples, tag by tag, and flags the tag that got worse', () => {
    const before = version([tag(0, 'Plan offered', { phrases: ['maintenance plan'] })]);
    const after = version([tag(0, 'Plan offered', { phrases: ['plan'] })]);
    const comparison = comparePublish({
      draft: after,
      previous: { ...before, number: 2 },
      examples,
    });
    expect(comparison).toEqual({
      previous_version: 2,
      examples: 5,
      tags: [
        {
          tag_id: 0,
          label: 'Plan offered',
          n: 5,
          // Before: 1 of 4 said-to-match examples found, nothing wrongly.
          before: { precision: 1, recall: 0.25 },
          // After: "plan" also matches the house plan.
          after: { precision: 0.5, recall: 0.25 },
          dropped: true,
        },
      ],
      dropped: true,
    });
  });

  it('shows no before for a first version or a new tag, and no drop then', () => {
    const draft = version([
      tag(0, 'Plan offered', { phrases: ['maintenance plan', 'service agreement'] }),
      tag(1, 'Price', { phrases: ['price'] }),
    ]);
    const first = comparePublish({ draft, previous: null, examples });
    expect(first.previous_version).toBeNull();
    expect(first.tags[0]).toMatchObject({
      before: null,
      after: { precision: 1, recall: 1 },
      dropped: false,
    });
    expect(first.tags[1]).toMatchObject({ tag_id: 1, n: 0, before: null, dropped: false });

    const second = comparePublish({
      draft,
      previous: { ...version([draft.outputTags[0]!]), number: 1 },
      examples,
    });
    expect(second.tags.map((t) => t.before)).toEqual([{ precision: 1, recall: 1 }, null]);
    expect(second.dropped).toBe(false);
  });

  it('reads each example as said by its side, and each tag on its own', () => {
    const draft = version([
      tag(0, 'Booked', { phrases: ['book'], speaker: 'customer' }),
      // A reply rule is evaluated as if on its own: a single sentence has no earlier tag.
      tag(1, 'Declined', { phrases: ['no thanks'], after_tag: 0 }),
      tag(2, 'Not booked', { phrases: ['maybe later'], unless_tag: 0 }),
    ]);
    const comparison = comparePublish({
      draft,
      previous: null,
      examples: [
        example(0, 'I would like to book a visit.', true, 'customer'),
        example(0, 'Let me book that for you.', false, 'agent'),
        example(1, 'No thanks, not today.', true),
        example(2, 'Maybe later, I will book it myself.', true, 'customer'),
      ],
    });
    expect(comparison.tags.map((t) => [t.tag_id, t.after])).toEqual([
      [0, { precision: 1, recall: 1 }],
      [1, { precision: 1, recall: 1 }],
      [2, { precision: 1, recall: 1 }],
    ]);
  });

  it('has no comparison for an LLM draft, and no before against an LLM version', () => {
    const llm: ComparedVersion = { ...version([tag(0, 'X', {})]), engine: 'llm' };
    expect(comparePublish({ draft: llm, previous: null, examples })).toEqual({
      previous_version: null,
      examples: 0,
      tags: [],
      dropped: false,
    });
    const draft = version([tag(0, 'Plan offered', { phrases: ['plan'] })]);
    const against = comparePublish({ draft, previous: { ...llm, number: 4 }, examples });
    expect(against).toMatchObject({ previous_version: 4, examples: 5, dropped: false });
    expect(against.tags[0]!.before).toBeNull();
  });
});

describe('ruleExamples', () => {
  it('labels a tag’s match and ignore examples, said by the side its rule listens to', () => {
    const tags = [
      tag(0, 'Plan', {
        speaker: 'agent',
        phrases: ['plan'],
        examples: { match: ['We have a yearly plan.'], ignore: ['Plan B it is.'] },
      }),
      tag(1, 'Other', { phrases: ['x'] }),
    ];
    expect(ruleExamples(tags)).toEqual([
      example(0, 'We have a yearly plan.', true, 'agent'),
      example(0, 'Plan B it is.', false, 'agent'),
    ]);
  });
});
