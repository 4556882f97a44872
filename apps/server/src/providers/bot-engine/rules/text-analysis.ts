import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The language work of the rules engine: wink-nlp with its English model splits a text into
 * sentences and tokens with their stems ("booked", "booking" → "book", "plans" → "plan") and
 * negation scope. Only the sentence and negation steps of its pipeline run (no tagging of parts
 * of speech, entities or sentiment): a 30-minute call is read in a few milliseconds, where a full
 * parse with compromise took over a second.
 */
const nlp = winkNLP(model, ['sbd', 'negation']);
const its = nlp.its;

// The model's Porter stemmer (what its.stem calls), memoised: a conversation's vocabulary is a few
// thousand words, said again and again, and stemming each occurrence was a tenth of a run.
const porter = (model as unknown as { addons: { stem: (word: string) => string } }).addons.stem;
const stems = new Map<string, string>();
const STEMS_MAX = 50_000;
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEMS_MAX) stems.clear();
    stem = porter(word).toLowerCase();
    stems.set(word, stem);
  }
  return stem;
}

export interface Token {
  /** The token as written. */
  text: string;
  /** Lower-case stem: what phrases and examples are compared on. */
  stem: string;
  /** Offsets into the analysed text; `end` exclusive. */
  start: number;
  end: number;
  /** Inside the scope of a negation in its clause ("not" … up to the next punctuation). */
  negated: boolean;
  /** wink-nlp's token type: word, number, punctuation, emoji, … */
  type: string;
}

export interface AnalysedSentence {
  /** Offsets into the analysed text; `end` exclusive. */
  start: number;
  end: number;
  text: string;
  tokens: Token[];
}

/**
 * Sentences of one text, every offset exact and shifted by `base` (where the text starts in a
 * longer one).
 */
export function analyseText(text: string, base = 0): AnalysedSentence[] {
  return analyseTurns([text])[0]!.map((s) => shifted(s, base));
}

/**
 * Sentences of each turn of a conversation, read in one pass (one document per call costs more
 * than the reading itself when a 30-minute call has hundreds of turns). Offsets are into the
 * turns joined with one separator character, as `segmentOffsets` counts them; a sentence never
 * runs across two turns.
 */
export function analyseTurns(turns: readonly string[]): AnalysedSentence[][] {
  const text = turns.join('\n');
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value);
  const negations = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const types = doc.tokens().out(its.type);
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];

  // Where each turn ends in the joined text (the separator follows).
  const ends: number[] = [];
  let at = -1;
  for (const turn of turns) {
    at += 1 + turn.length;
    ends.push(at);
  }
  const sentences: AnalysedSentence[][] = turns.map(() => []);
  let turn = 0;
  let cursor = 0;
  let tokens: Token[] = [];
  const close = () => {
    if (tokens.length > 0) sentences[turn]!.push(sentenceOf(text, tokens));
    tokens = [];
  };
  for (const [first, last] of spans) {
    for (let k = first; k <= last; k++) {
      const value = values[k]!;
      const start = tokenStart(text, value, cursor);
      if (start < 0) continue;
      cursor = start + value.length;
      while (start >= ends[turn]!) {
        close();
        turn++;
      }
      tokens.push({
        text: value,
        stem: stemOf(value.toLowerCase()),
        start,
        end: cursor,
        negated: negations[k] === true,
        type: types[k] ?? 'word',
      });
    }
    close();
  }
  return sentences;
}

/**
 * Where a token stands: right after the cursor, past white space. -1 when it is not there (a
 * token wink rewrote) or is itself white space (the line break between turns): neither can be
 * evidence.
 */
function tokenStart(text: string, value: string, cursor: number): number {
  let at = cursor;
  while (at < text.length && WHITE_SPACE.test(text[at]!)) at++;
  return value.trim() !== '' && text.startsWith(value, at) ? at : -1;
}
const WHITE_SPACE = /\s/;

const sentenceOf = (text: string, tokens: Token[]): AnalysedSentence => {
  const start = tokens[0]!.start;
  const end = tokens.at(-1)!.end;
  return { start, end, text: text.slice(start, end), tokens };
};

const shifted = (s: AnalysedSentence, base: number): AnalysedSentence =>
  base === 0
    ? s
    : {
        ...s,
        start: s.start + base,
        end: s.end + base,
        tokens: s.tokens.map((t) => ({ ...t, start: t.start + base, end: t.end + base })),
      };

/** Stems of a short text (a rule's phrase, an example sentence), punctuation left out. */
export function stemsOf(text: string): string[] {
  return analyseText(text).flatMap((s) => s.tokens.filter(isWord).map((t) => t.stem));
}

export const isWord = (token: Token) => token.type !== 'punctuation' && token.type !== 'tabCRLF';
