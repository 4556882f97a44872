import { normalizeVocabulary } from '@fieldbot/shared';

/**
 * The company vocabulary as the engines take it. The settings page already trims and deduplicates
 * the list; this is repeated here so a list from anywhere (a test, an older row) is safe to send.
 */
export function cleanVocabulary(terms: readonly string[] | undefined): string[] {
  // The settings form's rule (shared), so what is saved and what is sent are the same list.
  return normalizeVocabulary(terms ?? []);
}

/**
 * Whisper reads at most 224 prompt tokens and, given more, keeps the LAST ones, which would drop the
 * first (most important) terms. Its tokenizer is not at hand, so the budget is in characters: plain
 * English runs about 4 characters a token, brand and model names about 3, so 600 characters stay
 * under 224 tokens even at 2.7 characters a token.
 */
export const WHISPER_PROMPT_MAX_CHARS = 600;

/**
 * The `prompt` form field: the terms as a comma-separated list of spellings (the form OpenAI's
 * prompting guide gives for uncommon words), whole terms in the company's order until the budget
 * is spent; the rest are left out. Null when there is nothing to send.
 */
export function whisperPrompt(vocabulary: readonly string[] | undefined): string | null {
  let prompt = '';
  for (const term of cleanVocabulary(vocabulary)) {
    const next = prompt === '' ? term : `${prompt}, ${term}`;
    if (next.length > WHISPER_PROMPT_MAX_CHARS) break;
    prompt = next;
  }
  return prompt === '' ? null : prompt;
}
