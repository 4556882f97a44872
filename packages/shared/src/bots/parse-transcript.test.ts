import { describe, expect, it } from 'vitest';
import { parseTranscript, UNNAMED_SPEAKER } from './parse-transcript';
import { formatTranscriptLines } from './transcript-spans';

describe('parseTranscript', () => {
  it('reads [mm:ss] and [h:mm:ss] Speaker lines with their times', () => {
    const segments = parseTranscript(
      '[00:03] CSR: Acme Home Services, how can I help?\n' +
        '[01:05]  Customer:   My AC stopped working.\n\n' +
        '[1:02:07] CSR: We can come at 10:30 tomorrow.',
    );
    expect(segments).toEqual([
      { start: 3, end: 65, speaker: 'CSR', text: 'Acme Home Services, how can I help?' },
      { start: 65, end: 3727, speaker: 'Customer', text: 'My AC stopped working.' },
      { start: 3727, end: 3727, speaker: 'CSR', text: 'We can come at 10:30 tomorrow.' },
    ]);
  });

  it('reads untimed Speaker lines and joins continuation lines', () => {
    const segments = parseTranscript(
      'Technician: The plan covers two visits a year\nand fifteen percent off repairs.\r\nCustomer: Sign me up.',
    );
    expect(segments.map((s) => [s.speaker, s.text, s.start])).toEqual([
      ['Technician', 'The plan covers two visits a year and fifteen percent off repairs.', 0],
      ['Customer', 'Sign me up.', 0],
    ]);
  });

  it('makes plain text one segment of an unnamed speaker', () => {
    const segments = parseTranscript(
      '  The unit is eight years old.\nIt was serviced at 10:30 last year.  ',
    );
    expect(segments).toEqual([
      {
        start: 0,
        end: 0,
        speaker: UNNAMED_SPEAKER,
        text: 'The unit is eight years old. It was serviced at 10:30 last year.',
      },
    ]);
  });

  it('keeps timed lines without a speaker as segments of an unnamed speaker', () => {
    expect(parseTranscript('[00:10] hello there\n[00:12] Customer: hi')).toEqual([
      { start: 10, end: 12, speaker: UNNAMED_SPEAKER, text: 'hello there' },
      { start: 12, end: 12, speaker: 'Customer', text: 'hi' },
    ]);
  });

  it('reads back what formatTranscriptLines writes', () => {
    const segments = [
      { start: 0, end: 4, speaker: 'Technician', text: "I'm starting the furnace tune-up now." },
      { start: 4, end: 9, speaker: 'Customer', text: 'It shuts off after a couple of minutes.' },
      { start: 9, end: 9, speaker: 'Technician', text: 'That matches what I see.' },
    ];
    expect(parseTranscript(formatTranscriptLines(segments))).toEqual(segments);
  });

  it('gives nothing for blank text', () => {
    expect(parseTranscript(' \n\n ')).toEqual([]);
  });
});
