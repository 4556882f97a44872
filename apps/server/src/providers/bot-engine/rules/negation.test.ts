import { joinSegments } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { isNegated } from './negation.js';
import { transcriptSentences } from './transcript-sentences.js';

/** Whether `word` (its first occurrence) is negated in the sentence. */
function negated(text: string, word: string): boolean {
  const segments = [{ start: 0, end: 5, speaker: 'Customer', text }];
  const [sentence] = transcriptSentences({ text: joinSegments(segments), segments });
  const at = text.indexOf(word);
  return isNegated(sentence!, at, at + word.length);
}

describe('negation scope', () => {
  it.each([
    ["I'm not worried about the price.", 'price', true],
    ["I don't smell gas.", 'gas', true],
    ['We never had a leak before.', 'leak', true],
    ['No, it is not leaking.', 'leaking', true],
    ['No, but the price worries me.', 'price', false],
    ["I'm not sure, but the noise is awful.", 'noise', false],
    ["Tuesday doesn't work, but Wednesday at ten is fine.", 'Wednesday', false],
    ["So this doesn't happen again — we've got the HomeShield agreement.", 'agreement', false],
    ['The price is what worries me.', 'price', false],
    ["It doesn't seem like the noise is coming from the unit at all.", 'noise', true],
  ])('%s — "%s" negated: %s', (text, word, expected) => {
    expect(negated(text, word)).toBe(expected);
  });
});
