import { describe, expect, it } from 'vitest';
import { cleanVocabulary, whisperPrompt, WHISPER_PROMPT_MAX_CHARS } from './vocabulary.js';

describe('company vocabulary for the engines', () => {
  it('trims, collapses spaces and drops empty and repeated terms (case-insensitively), in order', () => {
    expect(cleanVocabulary([' PRV ', 'recirc   pump', '', 'prv', 'Carrier Infinity'])).toEqual([
      'PRV',
      'recirc pump',
      'Carrier Infinity',
    ]);
    expect(cleanVocabulary(undefined)).toEqual([]);
  });

  it('makes whisper a comma-separated prompt, or none for an empty list', () => {
    expect(whisperPrompt(['PRV', 'recirc pump', 'Carrier Infinity'])).toBe(
      'PRV, recirc pump, Carrier Infinity',
    );
    expect(whisperPrompt([])).toBeNull();
    expect(whisperPrompt(['  '])).toBeNull();
    expect(whisperPrompt(undefined)).toBeNull();
  });

  it('keeps whole terms, the first ones, within the prompt budget', () => {
    // 100 terms of 60 characters: far over whisper's 224 tokens.
    const terms = Array.from(
      { length: 100 },
      (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(57)}`,
    );
    const prompt = whisperPrompt(terms)!;
    expect(prompt.length).toBeLessThanOrEqual(WHISPER_PROMPT_MAX_CHARS);
    const kept = prompt.split(', ');
    expect(kept).toEqual(terms.slice(0, kept.length));
    expect(kept.length).toBe(9); // 9 × 60 + 8 × 2 = 556; a tenth would make 618
  });
});
