import type { SpeechToken } from './speech-tokens.js';

/** Said right after an amount, these take it back: "four— sorry, three fifty", "thirty-four— no wait". */
const TAKE_BACK = new Set(['sorry', 'wait', 'scratch', 'correction', 'oops', 'pardon', 'hang']);
/** Between two amounts, these make the second replace the first: "four fifty, I mean three fifty". */
const REPLACE = new Set([...TAKE_BACK, 'mean', 'meant', 'actually', 'rather', 'make']);
/** Words that may fill the gap around a marker: "no wait", "I mean", "scratch that", "let me say". */
const GAP_WORDS = new Set([
  ...REPLACE,
  'i',
  'no',
  'or',
  'that',
  'my',
  'bad',
  'let',
  'me',
  'say',
  'it',
  "it's",
  "that's",
  "that'll",
  'be',
  'uh',
  'um',
  'er',
  'oh',
]);
const MAX_GAP = 6;

/**
 * Whether the amount that ends before token `from` is taken back: right away ("four— sorry…",
 * "six hundred, I mean…") or by the next amount, which starts at `nextAmount` ("four fifty,
 * actually three fifty").
 */
export function isTakenBack(
  tokens: SpeechToken[],
  from: number,
  nextAmount: number | undefined,
  options: { replacedOnly?: boolean } = {},
): boolean {
  if (options.replacedOnly) return nextAmount !== undefined && replacedBy(tokens, from, nextAmount);
  const words: string[] = [];
  for (let k = from; k < tokens.length && words.length < 2; k++) {
    const token = tokens[k]!;
    if (token.kind !== 'sign' && !['uh', 'um', 'er'].includes(token.norm)) words.push(token.norm);
  }
  const [first, second] = words;
  if (TAKE_BACK.has(first ?? '') || (first === 'i' && (second === 'mean' || second === 'meant'))) {
    return true;
  }
  if (first === 'no' && TAKE_BACK.has(second ?? '')) return true;
  // "a hundred and forty— no, hundred and twenty-five"
  if (first === 'no' && nextAmount !== undefined && saidNext(tokens, from, nextAmount)) return true;
  return nextAmount !== undefined && replacedBy(tokens, from, nextAmount);
}

/** Only "no" and signs stand between the amount and the next one. */
function saidNext(tokens: SpeechToken[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const token = tokens[k]!;
    if (token.kind !== 'sign' && token.norm !== 'no') return false;
  }
  return true;
}

function replacedBy(tokens: SpeechToken[], from: number, to: number): boolean {
  let marker = false;
  let said = 0;
  for (let k = from; k < to; k++) {
    const token = tokens[k]!;
    if (token.kind === 'sign') continue;
    if (!GAP_WORDS.has(token.norm) || ++said > MAX_GAP) return false;
    marker ||= REPLACE.has(token.norm);
  }
  return marker;
}
