import { describe, expect, it } from 'vitest';
import { sameContent, type VersionContent } from './bot-content.js';

const content = (overrides: Partial<VersionContent> = {}): VersionContent => ({
  name: 'Price quoted',
  prompt: '',
  color: 'green',
  trigger: 'recording-complete',
  triggerEvent: 'every',
  engine: 'rules',
  outputTags: [
    { index: 0, label: 'Amount', description: '', rule: null },
    {
      index: 1,
      label: 'Plan',
      description: 'Plan offered',
      rule: { phrases: ['plan'], speaker: 'agent', extractors: ['money'] },
    },
  ],
  referenceTexts: [
    { file_id: 'a', name: 'prices.csv', text: 'Tune-up,$89' },
    { file_id: 'b', name: 'script.txt', text: 'Greet.' },
  ],
  ...overrides,
});

describe('version content comparison', () => {
  it('ignores the order of tags, of files, of keys (jsonb reorders them) and file ids', () => {
    const base = content();
    const shuffled = content({
      outputTags: [
        {
          rule: { extractors: ['money'], speaker: 'agent', phrases: ['plan'] },
          description: 'Plan offered',
          label: 'Plan',
          index: 1,
        },
        { index: 0, label: 'Amount', description: '', rule: null },
      ],
      referenceTexts: [
        { file_id: 'c', name: 'script.txt', text: 'Greet.' },
        { file_id: 'd', name: 'prices.csv', text: 'Tune-up,$89' },
      ],
    });
    expect(sameContent(base, shuffled)).toBe(true);
  });

  it('sees any change of what a run uses', () => {
    const base = content();
    const changes: Partial<VersionContent>[] = [
      { name: 'Price said' },
      { prompt: 'Find prices.' },
      { color: 'red' },
      { trigger: 'call-complete' },
      { triggerEvent: 'call-booked' },
      { engine: 'llm' },
      { outputTags: base.outputTags.slice(0, 1) },
      {
        outputTags: base.outputTags.map((t) =>
          t.rule ? { ...t, rule: { ...t.rule, speaker: 'customer' as const } } : t,
        ),
      },
      { referenceTexts: base.referenceTexts.slice(1) },
      { referenceTexts: base.referenceTexts.map((r) => ({ ...r, text: `${r.text}!` })) },
    ];
    for (const change of changes) {
      expect(sameContent(base, content(change)), JSON.stringify(change)).toBe(false);
    }
  });
});
