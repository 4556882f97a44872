import type { TranscribedSegment } from './speech-to-text.js';

/** One recognised word with its times in seconds from the start of the file. */
export interface RecognisedWord {
  word: string;
  start: number;
  end: number;
}

/**
 * A gap between words at least this long ends a segment: pocketsphinx gives no punctuation, and
 * speakers in a conversation take turns after pauses about this long (breaths inside a sentence
 * are shorter, about 0.1–0.3 s).
 */
export const SEGMENT_PAUSE_SECONDS = 0.35;
/** Unbroken speech is still cut this often, so a segment stays a readable, seekable line. */
export const SEGMENT_MAX_SECONDS = 20;

/** `-time yes` prints one `token start end confidence` line per token, e.g. `rooted(2) 2.460 2.790 0.047295`. */
const TIMED_TOKEN = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;

/**
 * The words of `pocketsphinx_continuous -time yes` output, in order. Hypothesis lines (the words of
 * an utterance without times) are skipped; so are utterance marks (`<s>`, `</s>`), silence (`<sil>`)
 * and fillers (`[NOISE]`, `++BREATH++`). Pronunciation variants lose their number: `to(3)` → `to`.
 * An utterance start is kept as `null`, so segments never span two utterances.
 */
export function parseTimedWords(stdout: string): (RecognisedWord | null)[] {
  const out: (RecognisedWord | null)[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = TIMED_TOKEN.exec(line.trim());
    if (!match) continue;
    const token = match[1]!;
    if (token === '<s>') {
      out.push(null);
      continue;
    }
    if (/^[<[+]/.test(token)) continue;
    const start = Number(match[2]);
    const end = Number(match[3]);
    out.push({ word: token.replace(/\(\d+\)$/, ''), start, end: Math.max(start, end) });
  }
  return out;
}

/** The lowercase dictionary words as a reader expects them: the pronoun I, a capital to begin. */
function sentenceText(words: readonly string[]): string {
  const text = words.map((w) => (w === 'i' || w.startsWith("i'") ? `I${w.slice(1)}` : w)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Groups timed words into sentence-like segments: a new one at each utterance, after each pause of
 * SEGMENT_PAUSE_SECONDS or more, and when a segment would grow past SEGMENT_MAX_SECONDS. One voice
 * is heard (pocketsphinx does not tell speakers apart), so every segment is 'Speaker 1'.
 */
export function segmentsFromWords(words: readonly (RecognisedWord | null)[]): TranscribedSegment[] {
  const segments: TranscribedSegment[] = [];
  let current: RecognisedWord[] = [];
  const close = () => {
    if (current.length === 0) return;
    segments.push({
      startSeconds: current[0]!.start,
      endSeconds: current.at(-1)!.end,
      speaker: 'Speaker 1',
      text: sentenceText(current.map((w) => w.word)),
    });
    current = [];
  };
  for (const word of words) {
    if (word === null) {
      close();
      continue;
    }
    const last = current.at(-1);
    if (
      last &&
      (word.start - last.end >= SEGMENT_PAUSE_SECONDS ||
        word.end - current[0]!.start > SEGMENT_MAX_SECONDS)
    ) {
      close();
    }
    current.push(word);
  }
  close();
  return segments;
}
