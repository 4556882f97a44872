import nlp from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

/**
 * compromise (a small, well-kept English NLP library) does the language work of the rules engine:
 * sentence splitting, word roots ("booked" → "book", "plans" → "plan", "I've" → "i have"), number
 * words ("one hundred eighty five dollars" → 185) and date/time phrases (compromise-dates).
 */
nlp.plugin(datesPlugin);

export type NlpDoc = ReturnType<typeof nlp<DatesMethods>>;

export const parse = (text: string): NlpDoc => nlp<DatesMethods>(text);

interface TermJson {
  text: string;
  normal?: string;
  root?: string;
  implicit?: string;
}
interface SentenceJson {
  text: string;
  terms: TermJson[];
}

/**
 * A term's comparable form: its root when it has one, the expansion of a contraction, or its
 * normal form. A written amount ("$185") reads as the word "dollar", as it is said.
 */
function termKey(term: TermJson): string {
  const key = (term.root || term.implicit || term.normal || '').toLowerCase();
  return /^\$\d/.test(key) ? 'dollar' : key;
}

export interface ParsedSentence {
  /** The sentence as written, trimmed. */
  text: string;
  /** Word roots, in order. */
  words: string[];
  /** The sentence alone, for the extractors. */
  doc: NlpDoc;
}

/** The sentences of one text with their word roots. */
export function parseSentences(text: string): ParsedSentence[] {
  const doc = parse(text);
  doc.compute('root');
  const views = doc.sentences();
  const json = views.json() as SentenceJson[];
  return json.map((sentence, k) => ({
    text: sentence.text.trim(),
    words: sentence.terms.map(termKey).filter((w) => w !== ''),
    doc: views.eq(k) as NlpDoc,
  }));
}

/**
 * Word roots of a rule's phrase, computed the same way as the transcript's. A bot has up to 10 ×
 * 50 phrases and runs on every interaction, so each phrase is parsed once (the set is bounded by
 * the bots in use; it is emptied if it ever grows past PHRASES_MAX).
 */
export function phraseWords(phrase: string): readonly string[] {
  let words = phraseCache.get(phrase);
  if (!words) {
    if (phraseCache.size >= PHRASES_MAX) phraseCache.clear();
    words = parseSentences(phrase).flatMap((s) => s.words);
    phraseCache.set(phrase, words);
  }
  return words;
}
const PHRASES_MAX = 20_000;
const phraseCache = new Map<string, readonly string[]>();
