import { describe, expect, it } from 'vitest';
import { HEADLINE_OPTIONS, anyWordQuery, headlineFragments } from './search-text';

const [start, end] = [...HEADLINE_OPTIONS.matchAll(/Sel=(.)/gu)].map((m) => m[1]!);

describe('the any-word query of a search', () => {
  it('drops quotes, exclusions and or, and joins the words with or', () => {
    expect(anyWordQuery('"no heat" furnace -filter')).toBe('no or heat or furnace');
    expect(anyWordQuery('water or leak')).toBe('water or leak');
    expect(anyWordQuery('-only')).toBe('-only');
  });
});

describe('headline fragments', () => {
  it('splits a headline at its marks, merging neighbours of one kind', () => {
    expect(headlineFragments(`The ${start}furnace${end} makes ${start}noise${end}.`)).toEqual([
      { text: 'The ', match: false },
      { text: 'furnace', match: true },
      { text: ' makes ', match: false },
      { text: 'noise', match: true },
      { text: '.', match: false },
    ]);
    expect(headlineFragments(`${start}no${end} ${start}heat${end}`)).toEqual([
      { text: 'no', match: true },
      { text: ' ', match: false },
      { text: 'heat', match: true },
    ]);
    expect(headlineFragments('Nothing matched here')).toEqual([
      { text: 'Nothing matched here', match: false },
    ]);
  });
});
