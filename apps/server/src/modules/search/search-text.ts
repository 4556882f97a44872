import type { SearchFragment } from '@fieldbot/shared';

/** Private-use characters that no transcript contains: ts_headline wraps each match in them. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';

/** ts_headline's options: mark every match of the whole line (a line is short). */
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/**
 * The searched words as an "any of them" websearch query: quotes and exclusions dropped, words
 * joined by `or`. A phrase or several words can match an interaction across lines; its lines are
 * then the ones holding any of the words (and `-word` exclusions are never highlighted).
 */
export function anyWordQuery(text: string): string {
  const words = text
    .replace(/"/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-') && word.toLowerCase() !== 'or');
  return words.length > 0 ? words.join(' or ') : text;
}

/** A ts_headline answer as pieces, the matched ones flagged (the client marks them). */
export function headlineFragments(headline: string): SearchFragment[] {
  const fragments: SearchFragment[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = fragments[fragments.length - 1];
    if (last && last.match === match) last.text += text;
    else fragments.push({ text, match });
  };
  for (const [i, part] of headline.split(MARK_START).entries()) {
    if (i === 0) {
      push(part.replaceAll(MARK_END, ''), false);
      continue;
    }
    const end = part.indexOf(MARK_END);
    if (end === -1) {
      push(part, true);
      continue;
    }
    push(part.slice(0, end), true);
    push(part.slice(end + 1).replaceAll(MARK_END, ''), false);
  }
  return fragments;
}
