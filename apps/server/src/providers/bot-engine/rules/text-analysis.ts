import winkNLP, { type ItemSentence } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * The language work of the rules engine: wink-nlp with its English model splits a text into
 * sentences and tokens with lemmas ("booked" → "book", "plans" → "plan", "'re" → "be"), parts of
 * speech and negation scope. It reads a 30-minute call in a few milliseconds, where a full parse
 * with compromise took over a second.
 */
const nlp = winkNLP(model);
const its = nlp.its;
// wink-nlp's typings give its.lemma a signature `out` does not accept; it works like its.value.
const lemmaOf = its.lemma as unknown as typeof its.value;

export interface Token {
  /** The token as written. */
  text: string;
  /** Lower-case lemma: what phrases and examples are compared on. */
  lemma: string;
  /** Offsets into the analysed text; `end` exclusive. */
  start: number;
  end: number;
  /** Inside the scope of a negation in its clause ("not" … up to the next punctuation). */
  negated: boolean;
  /** Universal part of speech (NOUN, VERB, PUNCT, …). */
  pos: string;
}

export interface AnalysedSentence {
  /** Offsets into the analysed text; `end` exclusive. */
  start: number;
  end: number;
  text: string;
  tokens: Token[];
}

/** Sentences of one text, every offset exact (found in the text after the previous token). */
export function analyseText(text: string): AnalysedSentence[] {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value);
  const lemmas = doc.tokens().out(lemmaOf);
  const negations = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const pos = doc.tokens().out(its.pos);
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
        lemma: (lemmas[k] ?? value).toLowerCase(),
        start: at,
        end: cursor,
        negated: negations[k] === true,
        pos: pos[k] ?? 'X',
      });
    }
    if (tokens.length === 0) continue;
    const start = tokens[0]!.start;
    const end = tokens.at(-1)!.end;
    sentences.push({ start, end, text: text.slice(start, end), tokens });
  }
  return sentences;
}

/** Lemmas of a short text (a rule's phrase, an example sentence), punctuation left out. */
export function lemmasOf(text: string): string[] {
  return analyseText(text).flatMap((s) => s.tokens.filter(isWord).map((t) => t.lemma));
}

export const isWord = (token: Token) => token.pos !== 'PUNCT' && token.pos !== 'SPACE';
