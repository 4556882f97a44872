import { joinSegments } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { markSentence } from './mark-sentence.js';

const segments = [
  { start: 0, end: 4, speaker: 'Technician', text: 'Hello there. We offer a yearly plan too.' },
  { start: 4, end: 8, speaker: 'Customer', text: 'How much is it? I might book it.' },
];
const text = joinSegments(segments);
const at = (words: string) => {
  const start = text.indexOf(words);
  return [start, start + words.length] as const;
};

describe('markSentence', () => {
  it('answers the whole sentence holding the words and its speaker’s side', () => {
    expect(markSentence(text, segments, ...at('yearly plan'))).toEqual({
      sentence: 'We offer a yearly plan too.',
      side: 'agent',
    });
    expect(markSentence(text, segments, ...at('book'))).toEqual({
      sentence: 'I might book it.',
      side: 'customer',
    });
  });

  it('takes every sentence the words span, with no side when both sides said them', () => {
    expect(markSentence(text, segments, ...at('plan too. How much'))).toEqual({
      sentence: 'We offer a yearly plan too. How much is it?',
      side: null,
    });
  });

  it('splits the text alone, side unknown, when the segments no longer make that text', () => {
    const changed = [{ ...segments[0]!, text: 'Something else entirely.' }, segments[1]!];
    expect(markSentence(text, changed, ...at('yearly plan'))).toEqual({
      sentence: 'We offer a yearly plan too.',
      side: null,
    });
    expect(markSentence(text, [], ...at('book'))).toEqual({
      sentence: 'I might book it.',
      side: null,
    });
  });
});
