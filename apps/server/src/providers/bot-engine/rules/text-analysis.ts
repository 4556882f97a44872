import winkNLP, { type ItemSentence } from 'wink-nlp';
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
 * Sentences of one text, every offset exact (found in the text after the previous token) and
 * shifted by `base` (where the text starts in a longer one).
 */
export function analyseText(text: string, base = 0): AnalysedSentence[] {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value);

  const negations = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const types = doc.tokens().out(its.type);
  const sizes: number[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    sizes.push(sentence.tokens().length());
  });

  const sentences: AnalysedSentence[] = [];
  let cursor = 0;
  let k = 0;
  for (const size of sizes) {
    const tokens: Token[] = [];
    for (const end = k + size; k < end; k++) {
      const value = values[k]!;
      const at = text.indexOf(value, cursor);
      if (at < 0) continue; // a token wink rewrote: it cannot be located, so it is not evidence
      cursor = at + value.length;
      tokens.push({
        text: value,
        stem: stemOf(value.toLowerCase()),
        start: base + at,
        end: base + cursor,
        negated: negations[k] === true,
        type: types[k] ?? 'word',
      });
    }
    if (tokens.length === 0) continue;
    const start = tokens[0]!.start;
    const end = tokens.at(-1)!.end;
    sentences.push({ start, end, text: text.slice(start - base, end - base), tokens });
  }
  return sentences;
}

/** Stems of a short text (a rule's phrase, an example sentence), punctuation left out. */
export function stemsOf(text: string): string[] {
  return analyseText(text).flatMap((s) => s.tokens.filter(isWord).map((t) => t.stem));
}

export const isWord = (token: Token) => token.type !== 'punctuation' && token.type !== 'tabCRLF';
