import type { BotRule, RuleExtractor } from '@fieldbot/shared';
import {
  extractDateTimes,
  extractMoney,
  extractPhones,
  formatCents,
  isYesNoQuestion,
  readAnswer,
} from './extractors.js';
import { phraseWords } from './nlp.js';
import { matchesPhrase } from './phrase-match.js';
import { speakerFits } from './speaker-side.js';
import type { TranscriptSentence } from './transcript-sentences.js';

/** At most this many sentences are kept as one tag's evidence (the first ones said). */
export const MAX_EVIDENCE_PER_TAG = 10;

export interface TagFinding {
  /** What the tag found, as a reviewer reads it; null when nothing matched. */
  data: string | null;
  /** The sentences that support it, in transcript order. */
  evidence: TranscriptSentence[];
}

export interface RuleContext {
  /** Amounts (cents) found in the bot's reference files, e.g. a price list; empty without any. */
  referenceCents: ReadonlySet<number>;
}

const quoted = (s: TranscriptSentence) => `"${s.text}"`;
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * One output tag's rule over the transcript: the sentences of the rule's speaker side that match a
 * phrase are candidates. Without extractors they are the evidence and the data says
 * `Yes — "<first sentence>"`. With extractors, the evidence is the candidates that hold a value
 * (a yes/no question also brings its answer) and the data lists the values; nothing found → null.
 */
export function evaluateTag(
  rule: BotRule,
  sentences: readonly TranscriptSentence[],
  context: RuleContext,
): TagFinding {
  const phrases = rule.phrases.map(phraseWords).filter((p) => p.length > 0);
  const candidates = sentences.filter(
    (s) => speakerFits(rule.speaker, s.speaker) && phrases.some((p) => matchesPhrase(s.words, p)),
  );
  if (rule.extractors.length === 0) {
    const evidence = candidates.slice(0, MAX_EVIDENCE_PER_TAG);
    if (evidence.length === 0) return { data: null, evidence };
    const more = candidates.length > 1 ? ` (+${candidates.length - 1} more)` : '';
    return { data: `Yes — ${quoted(evidence[0]!)}${more}`, evidence };
  }

  const parts: string[] = [];
  const evidence = new Set<TranscriptSentence>();
  for (const extractor of unique(rule.extractors)) {
    const found = extract(extractor, candidates, sentences, context);
    if (found.values.length > 0) parts.push(found.values.join(', '));
    found.evidence.forEach((s) => evidence.add(s));
  }
  const ordered = [...evidence].sort((a, b) => a.start - b.start).slice(0, MAX_EVIDENCE_PER_TAG);
  return { data: parts.length > 0 ? parts.join('; ') : null, evidence: ordered };
}

function extract(
  extractor: RuleExtractor,
  candidates: readonly TranscriptSentence[],
  all: readonly TranscriptSentence[],
  context: RuleContext,
): { values: string[]; evidence: TranscriptSentence[] } {
  const values: string[] = [];
  const evidence: TranscriptSentence[] = [];
  const keep = (sentence: TranscriptSentence, found: string[]) => {
    if (found.length === 0) return;
    values.push(...found);
    evidence.push(sentence);
  };
  switch (extractor) {
    case 'money': {
      const checkReferences = context.referenceCents.size > 0;
      for (const s of candidates) {
        keep(
          s,
          extractMoney(s.doc).map((cents) =>
            checkReferences && !context.referenceCents.has(cents)
              ? `${formatCents(cents)} (not in the reference files)`
              : formatCents(cents),
          ),
        );
      }
      break;
    }
    case 'datetime':
      for (const s of candidates) keep(s, extractDateTimes(s.doc));
      break;
    case 'phone':
      for (const s of candidates) keep(s, extractPhones(s.text));
      break;
    case 'yes-no':
      for (const s of candidates) {
        if (!isYesNoQuestion(s.text, s.doc)) continue;
        const reply = answerTo(s, all);
        const answer = reply ? readAnswer(reply.doc) : null;
        keep(s, [`${quoted(s)} — ${answer ?? 'no clear answer'}`]);
        if (reply && answer) evidence.push(reply);
      }
      break;
  }
  return { values: unique(values), evidence };
}

/** The first sentence the other party said right after a question (within the next two segments). */
function answerTo(
  question: TranscriptSentence,
  all: readonly TranscriptSentence[],
): TranscriptSentence | null {
  return (
    all.find(
      (s) =>
        s.segment > question.segment &&
        s.segment <= question.segment + 2 &&
        s.speaker !== question.speaker,
    ) ?? null
  );
}
