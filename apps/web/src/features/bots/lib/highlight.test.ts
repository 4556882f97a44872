import type { ResponseTag } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

const tag = (index_start: number, index_end: number, tag_id = 0): ResponseTag => ({
  tag_id,
  label: `Tag ${tag_id}`,
  index_start,
  index_end,
  text: '',
  match: 'exact',
  score: 1,
  verdict: null,
});

const segments = [{ text: 'Hello there.' }, { text: 'We offer a plan.' }, { text: 'Great.' }];
const transcript = segments.map((s) => s.text).join(' ');
const marked = (result: ReturnType<typeof highlightSegments>) =>
  result.map((line) => line.pieces.filter((p) => p.tag).map((p) => p.text));

describe('highlightSegments', () => {
  it('marks a span at its exact offsets inside its segment', () => {
    const start = transcript.indexOf('a plan');
    const result = highlightSegments(transcript, segments, [tag(start, start + 6)]);
    expect(marked(result)).toEqual([[], ['a plan'], []]);
    expect(result[1]!.pieces.map((p) => p.text).join('')).toBe('We offer a plan.');
  });

  it('splits a span across a segment boundary, leaving the joining space out', () => {
    const start = transcript.indexOf('there');
    const end = transcript.indexOf('offer') + 5;
    expect(marked(highlightSegments(transcript, segments, [tag(start, end)]))).toEqual([
      ['there.'],
      ['We offer'],
      [],
    ]);
  });

  it('marks overlapping spans once and ignores empty or out-of-range ones', () => {
    const result = highlightSegments(transcript, segments, [
      tag(13, 21),
      tag(16, 25, 1),
      tag(5, 5),
      tag(500, 510),
    ]);
    expect(marked(result)).toEqual([[], ['We offer', ' a p'], []]);
    expect(result[1]!.pieces.map((p) => p.text).join('')).toBe('We offer a plan.');
  });

  it('treats a transcript without segments as one block', () => {
    const result = highlightSegments('plain words here', [], [tag(6, 11)]);
    expect(result).toHaveLength(1);
    expect(result[0]!.index).toBe(-1);
    expect(marked(result)).toEqual([['words']]);
  });
});
