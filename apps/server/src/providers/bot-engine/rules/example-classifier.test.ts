import { joinSegments } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { trainExampleClassifier } from './example-classifier.js';
import { transcriptSentences } from './transcript-sentences.js';

const tokensOf = (text: string) => {
  const segments = [{ start: 0, end: 5, speaker: 'Technician', text }];
  return transcriptSentences({ text: joinSegments(segments), segments })[0]!.tokens;
};

// A tag "Financing offered": the publisher's examples of what should and should not match.
const MATCH = [
  'We can finance the whole system over sixty months.',
  'There is zero percent financing for twelve months if you qualify.',
  'You could spread the payments out with our financing partner.',
  'Monthly payments would be about ninety dollars with approved credit.',
];
const IGNORE = [
  'The repair is due today, we take cards or checks.',
  'I will send the invoice by email tonight.',
  'The system comes with a ten year parts warranty.',
  'We need a deposit before we order the unit.',
];

describe('example classifier', () => {
  const classifier = trainExampleClassifier(MATCH, IGNORE)!;

  it.each([
    'With approved credit the financing is zero percent for eighteen months.',
    'We offer financing, so the payments could be spread over five years.',
  ])('matches held-out sentences like its examples: %s', (sentence) => {
    expect(classifier.classify(tokensOf(sentence))).not.toBeNull();
  });

  it.each([
    'The warranty covers parts for ten years.',
    'We take cards, cash or a check for the repair.',
    'The weather is nice today.',
  ])('does not match sentences like its counter-examples or unrelated ones: %s', (sentence) => {
    expect(classifier.classify(tokensOf(sentence))).toBeNull();
  });

  it('names the closest example that should match', () => {
    expect(
      classifier.classify(tokensOf('Zero percent financing for twelve months, if you qualify.')),
    ).toBe(MATCH[1]);
  });

  it('is not trained without an example to match', () => {
    expect(trainExampleClassifier([], IGNORE)).toBeNull();
  });
});
