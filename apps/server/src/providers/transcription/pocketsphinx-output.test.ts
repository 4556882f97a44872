import { describe, expect, it } from 'vitest';
import { parseTimedWords, segmentsFromWords } from './pocketsphinx-output.js';

// Real `pocketsphinx_continuous -time yes` output (0.8+5prealpha) for the demo clip
// 03-thermostat-install.ogg, shortened: a hypothesis line, then one timed token per line.
const OUTPUT = `the new smart thermostat to a dude and why aren't the comedy where was already there are a control it i'm like oh you use
<s> 0.190 0.270 0.997503
the 0.280 0.430 0.411724
new 0.440 0.600 0.034181
smart 0.610 0.920 0.055691
thermostat 0.930 1.530 0.848132
<sil> 3.030 3.290 0.998201
the 3.300 3.440 0.411024
are(2) 3.450 3.600 0.208695
<sil> 5.030 5.210 0.998002
<sil> 5.220 5.550 0.998201
a 5.560 5.740 0.023815
control 5.750 6.310 0.102063
it 6.320 6.540 0.199252
i'm(2) 6.550 6.700 0.035969
[NOISE] 6.710 6.890 0.034531
you 7.190 7.310 0.224973
</s> 7.320 7.710 1.000000
use 7.720 8.150 0.711386
<s> 9.000 9.100 0.997503
i 9.110 9.200 0.5
`;

describe('pocketsphinx output parser', () => {
  it('reads the timed words, dropping marks, silences, fillers and variant numbers', () => {
    const words = parseTimedWords(OUTPUT);
    expect(words.map((w) => (w === null ? '|' : w.word))).toEqual([
      '|',
      'the',
      'new',
      'smart',
      'thermostat',
      'the',
      'are',
      'a',
      'control',
      'it',
      "i'm",
      'you',
      'use',
      '|',
      'i',
    ]);
    expect(words[4]).toEqual({ word: 'thermostat', start: 0.93, end: 1.53 });
  });

  it('cuts segments at pauses of 0.35 s and more and at utterances, in order', () => {
    const segments = segmentsFromWords(parseTimedWords(OUTPUT));
    expect(segments).toEqual([
      // 1.53 → 3.30 is a long pause: a new segment.
      {
        startSeconds: 0.28,
        endSeconds: 1.53,
        speaker: 'Speaker 1',
        text: 'The new smart thermostat',
      },
      { startSeconds: 3.3, endSeconds: 3.6, speaker: 'Speaker 1', text: 'The are' },
      // 6.70 → 7.19 (a filler in between) is a pause too.
      { startSeconds: 5.56, endSeconds: 6.7, speaker: 'Speaker 1', text: "A control it I'm" },
      // 0.41 s from 'you' to 'use'; then '<s>' starts another utterance.
      { startSeconds: 7.19, endSeconds: 7.31, speaker: 'Speaker 1', text: 'You' },
      { startSeconds: 7.72, endSeconds: 8.15, speaker: 'Speaker 1', text: 'Use' },
      { startSeconds: 9.11, endSeconds: 9.2, speaker: 'Speaker 1', text: 'I' },
    ]);
  });

  it('keeps words of one breath together and cuts unbroken speech at 20 s', () => {
    const words = Array.from({ length: 50 }, (_, i) => ({
      word: 'word',
      start: i * 0.5,
      end: i * 0.5 + 0.4,
    }));
    const segments = segmentsFromWords(words);
    expect(segments.map((s) => [s.startSeconds, s.endSeconds])).toEqual([
      [0, 19.9],
      [20, 24.9],
    ]);
    expect(segments[0]!.text.split(' ')).toHaveLength(40);
  });

  it('finds nothing in silence or in output without timings', () => {
    expect(
      segmentsFromWords(parseTimedWords('<s> 0.0 0.5 1.0\n<sil> 0.5 3.0 1.0\n</s> 3 4 1\n')),
    ).toEqual([]);
    expect(segmentsFromWords(parseTimedWords('hello there\n'))).toEqual([]);
  });
});
