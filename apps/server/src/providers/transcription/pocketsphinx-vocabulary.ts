import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The company vocabulary for pocketsphinx (0.8+5prealpha, Debian's `pocketsphinx_continuous`).
 *
 * What that CLI can and can't do (see docs/decisions/034-company-vocabulary.md): the language model
 * is a binary trie that no option reweights, and keyword spotting (-kws) is a separate search that
 * would mean a second full pass. What it can do cheaply is learn NEW words: `-lmctl` reads the
 * default model plus class definitions, and each class becomes a unigram at the uniform probability
 * (1 / number of words) whose member is the new word. So a term's words the model lacks
 * ("capacitor", "exchanger", "tankless", "PRV") become recognisable; words it has already keep
 * their odds. A new word needs a pronunciation: the dictionary's, letters for an acronym, or two
 * dictionary words joined ("tank" + "less"); pocketsphinx 5prealpha has no letter-to-sound rules,
 * so any other unknown word is left out.
 */

/** The words of the model and how to say them (read once per model, only when a vocabulary is used). */
export interface SphinxLexicon {
  lmWords: ReadonlySet<string>;
  /** The first pronunciation of each dictionary word. */
  pronunciations: ReadonlyMap<string, string>;
}

/** A word added for this run. */
export interface AddedWord {
  /** Lowercase, as the dictionary and the recogniser write it. */
  word: string;
  phones: string;
  /** The company's spelling, shown in the transcript ("PRV" for `prv`). */
  spelling: string;
  /** False when the pronunciation was made here (acronym, compound): the dictionary needs it added. */
  inDictionary: boolean;
}

/** pocketsphinx allows 128 classes per model; the settings allow 100 terms. */
export const MAX_ADDED_WORDS = 120;

const TRIE_HEADER = 'Trie Language Model';

/** Letter names, for acronyms (the dictionary's `a` is the article, AH). */
const LETTERS: Record<string, string> = {
  a: 'EY', b: 'B IY', c: 'S IY', d: 'D IY', e: 'IY', f: 'EH F', g: 'JH IY', h: 'EY CH',
  i: 'AY', j: 'JH EY', k: 'K EY', l: 'EH L', m: 'EH M', n: 'EH N', o: 'OW', p: 'P IY',
  q: 'K Y UW', r: 'AA R', s: 'EH S', t: 'T IY', u: 'Y UW', v: 'V IY',
  w: 'D AH B AH L Y UW', x: 'EH K S', y: 'W AY', z: 'Z IY',
}; // prettier-ignore

/**
 * The unigram words of a trie-format binary model (what pocketsphinx-en-us ships): the header
 * gives their count, and they are stored last, NUL-terminated. Null for any other format (a
 * custom ARPA or DMP model): the vocabulary is then not used.
 */
export async function readLmWords(file: string): Promise<Set<string> | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(TRIE_HEADER.length + 5);
    await handle.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, TRIE_HEADER.length) !== TRIE_HEADER) return null;
    const count = head.readUInt32LE(TRIE_HEADER.length + 1);
    const { size } = await handle.stat();
    // Words average under 10 bytes; 40 a word leaves ample room and reads ~3 MB, not the 27 MB file.
    const length = Math.min(size, count * 40);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    const words = tail.toString('utf8').split('\0');
    words.pop(); // after the last NUL
    if (words.length < count) return null;
    return new Set(words.slice(words.length - count));
  } finally {
    await handle.close();
  }
}

/** `word PH ON ES` lines; variants (`word(2) …`) are skipped, the first pronunciation is enough. */
export function parseDictionary(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space);
    if (word.endsWith(')') || out.has(word)) continue;
    out.set(word, line.slice(space + 1).trim());
  }
  return out;
}

const lexicons = new Map<string, Promise<SphinxLexicon | null>>();

/** The model's lexicon, read once per process (about 20 MB held) and only when a vocabulary is used. */
export function loadLexicon(model: { lm: string; dict: string }): Promise<SphinxLexicon | null> {
  const key = `${model.lm}\n${model.dict}`;
  let lexicon = lexicons.get(key);
  if (!lexicon) {
    lexicon = (async () => {
      const lmWords = await readLmWords(model.lm);
      if (!lmWords) return null;
      return { lmWords, pronunciations: parseDictionary(await readFile(model.dict, 'utf8')) };
    })();
    // A failed read (a file missing for a moment) is tried again next time.
    lexicon.catch(() => lexicons.delete(key));
    lexicons.set(key, lexicon);
  }
  return lexicon;
}

/** How to say a word the dictionary lacks, or null: an acronym letter by letter, or a compound. */
function makePronunciation(
  word: string,
  spelling: string,
  pronunciations: ReadonlyMap<string, string>,
): string | null {
  if (/^[A-Z]{2,6}$/.test(spelling)) {
    return [...word].map((letter) => LETTERS[letter]).join(' ');
  }
  // Two dictionary words of 3+ letters, the longest first part first: tank+less, recirc → none.
  for (let cut = word.length - 3; cut >= 3; cut--) {
    const first = pronunciations.get(word.slice(0, cut));
    const second = pronunciations.get(word.slice(cut));
    if (first && second) return `${first} ${second}`;
  }
  return null;
}

/**
 * The words of the terms that the language model lacks, as the company spells them, in order and
 * once each. "Wi-Fi" is one model word; "tune-up" would be two. Words with digits or other signs are
 * left out (the model says numbers as words).
 */
export function missingWords(terms: readonly string[], lmWords: ReadonlySet<string>): string[] {
  const out = new Map<string, string>();
  const consider = (spelling: string) => {
    const word = spelling.toLowerCase();
    if (/^[a-z][a-z']*$/.test(word) && !lmWords.has(word) && !out.has(word)) {
      out.set(word, spelling);
    }
  };
  for (const term of terms) {
    for (const token of term.split(/\s+/)) {
      const spelling = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (spelling.includes('-') && !lmWords.has(spelling.toLowerCase())) {
        spelling.split('-').forEach(consider);
      } else {
        consider(spelling);
      }
    }
  }
  return [...out.values()];
}

/** The missing words that can be pronounced, at most MAX_ADDED_WORDS. */
export function planAddedWords(terms: readonly string[], lexicon: SphinxLexicon): AddedWord[] {
  const added: AddedWord[] = [];
  for (const spelling of missingWords(terms, lexicon.lmWords)) {
    const word = spelling.toLowerCase();
    const known = lexicon.pronunciations.get(word);
    const phones = known ?? makePronunciation(word, spelling, lexicon.pronunciations);
    if (phones) added.push({ word, phones, spelling, inDictionary: known !== undefined });
    if (added.length === MAX_ADDED_WORDS) break;
  }
  return added;
}

/** One class per word, so each new word gets the full uniform probability (a shared class splits it). */
export function classDefinitions(words: readonly AddedWord[]): string {
  return words.map((w, i) => `LMCLASS [v${i}]\n${w.word}\nEND [v${i}]\n`).join('');
}

export function lmControl(words: readonly AddedWord[], lm: string, classdef: string): string {
  const classes = words.map((_, i) => `[v${i}]`).join(' ');
  return `{ ${classdef} }\n${lm} default { ${classes} }\n`;
}

/**
 * Writes the files for a run with the vocabulary into `work` and returns the recogniser's model
 * arguments (in place of `-lm … -dict …`) and the spellings to restore, or null when no word needs
 * adding (every word known already, or a model this can't extend): the run is then the default one.
 */
export async function vocabularyArguments(
  terms: readonly string[],
  model: { lm: string; dict: string },
  work: string,
): Promise<{ args: string[]; spellings: Map<string, string> } | null> {
  // The control file is read word by word: a path with a space in it can't be written there.
  if (/\s/.test(model.lm) || /\s/.test(work)) return null;
  const lexicon = await loadLexicon(model);
  if (!lexicon) return null;
  const words = planAddedWords(terms, lexicon);
  if (words.length === 0) return null;
  const classdef = path.join(work, 'vocabulary.classdef');
  const lmctl = path.join(work, 'vocabulary.lmctl');
  await writeFile(classdef, classDefinitions(words));
  await writeFile(lmctl, lmControl(words, model.lm, classdef));
  let dict = model.dict;
  const made = words.filter((w) => !w.inDictionary);
  if (made.length > 0) {
    // One -dict only: the model's, with the made pronunciations after it.
    dict = path.join(work, 'vocabulary.dict');
    const extra = made.map((w) => `${w.word} ${w.phones}\n`).join('');
    await writeFile(dict, `${await readFile(model.dict, 'utf8')}\n${extra}`);
  }
  const spellings = new Map(
    words.filter((w) => w.spelling !== w.word).map((w) => [w.word, w.spelling]),
  );
  return { args: ['-lmctl', lmctl, '-lmname', 'default', '-dict', dict], spellings };
}
