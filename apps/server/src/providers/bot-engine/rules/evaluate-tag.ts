import type { AmountPeriod, FullBotRule, RuleExtractor } from '@fieldbot/shared';
import { exampleClassifier } from './example-classifier.js';
import {
  extractDateTimes,
  extractPhones,
  formatAmount,
  isYesNoQuestion,
  readAnswer,
  type TextSpan,
} from './extractors.js';
import { matchFamily } from './families/index.js';
import { findAmounts, type FoundAmount } from './money/index.js';
import { oncePer } from './memo.js';
import { isNegated } from './negation.js';
import { matchPhrase, phraseStems } from './phrase-match.js';
import { speakerFits } from './speaker-side.js';
import { isWord } from './text-analysis.js';
import type { TranscriptSentence } from './transcript-sentences.js';

/** At most this many spans are kept as one tag's evidence (the first ones said). */
export const MAX_EVIDENCE_PER_TAG = 10;
/** A rule that answers another tag reads this many turns after that tag's evidence. */
export const REPLY_TURNS = 8;

export interface Evidence {
  sentence: TranscriptSentence;
  /** Offsets into the transcript text: the sentence, or the value inside it. */
  start: number;
  end: number;
  matchedBy: string;
}

export interface TagFinding {
  /** What the tag found, as a reviewer reads it; null when nothing matched. */
  data: string | null;
  /** Where it was said, in transcript order. */
  evidence: Evidence[];
  /** The money extractor's amounts, when the rule has it. */
  amounts?: { cents: number; per: AmountPeriod | null }[];
}

export interface RuleContext {
  /** Amounts (cents) found in the bot's reference files, e.g. a price list; empty without any. */
  referenceCents: ReadonlySet<number>;
  /** Each turn's text and where it starts in the transcript, by segment position. */
  turns: readonly { start: number; text: string }[];
  /** Findings of the tags evaluated before this one, by index (for after_tag and unless_tag). */
  earlier: ReadonlyMap<number, TagFinding>;
}

const NOT_FOUND: TagFinding = { data: null, evidence: [] };
const quoted = (s: TranscriptSentence) => `"${s.text}"`;
const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * One output tag's rule over the transcript. Sentences of the rule's speaker (and, for a reply
 * rule, said shortly after the earlier tag's evidence) are candidates; a candidate matches through
 * a phrase, a family or the examples, or — for a rule of extractors only — as it is. Without
 * extractors the matches are the evidence and the data says `Yes — "<first sentence>"`; with
 * extractors the evidence is where values were found and the data lists the values.
 */
export function evaluateTag(
  rule: FullBotRule,
  sentences: readonly TranscriptSentence[],
  context: RuleContext,
): TagFinding {
  if (rule.unless_tag !== null && context.earlier.get(rule.unless_tag)?.data) return NOT_FOUND;
  const scope = replyScope(rule, context);
  const candidates = sentences.filter(
    (s) => speakerFits(rule.speaker, s.side) && (!scope || scope(s)),
  );
  const matchers = rule.phrases.length + rule.families.length + rule.examples.match.length;
  const matched: Evidence[] = [];
  for (const sentence of candidates) {
    const hit = matchers === 0 ? wholeSentence(sentence) : matchSentence(rule, sentence);
    if (hit) matched.push(hit);
  }

  if (rule.extractors.length === 0) {
    const evidence = matched.slice(0, MAX_EVIDENCE_PER_TAG);
    if (evidence.length === 0) return NOT_FOUND;
    const more = matched.length > 1 ? ` (+${matched.length - 1} more)` : '';
    return { data: `Yes — ${quoted(evidence[0]!.sentence)}${more}`, evidence };
  }
  const parts: string[] = [];
  const evidence: Evidence[] = [];
  let amounts: TagFinding['amounts'];
  for (const extractor of unique(rule.extractors)) {
    const found = extract(extractor, matched, sentences, context);
    if (found.values.length > 0) parts.push(unique(found.values).join(', '));
    evidence.push(...found.evidence);
    if (found.amounts) amounts = found.amounts;
  }
  const ordered = evidence.sort((a, b) => a.start - b.start).slice(0, MAX_EVIDENCE_PER_TAG);
  return {
    data: parts.length > 0 ? parts.join('; ') : null,
    evidence: ordered,
    ...(amounts ? { amounts } : {}),
  };
}

/** For a rule that answers an earlier tag: whether a sentence is said within REPLY_TURNS of it. */
function replyScope(
  rule: FullBotRule,
  context: RuleContext,
): ((s: TranscriptSentence) => boolean) | null {
  if (rule.after_tag === null) return null;
  const segments = (context.earlier.get(rule.after_tag)?.evidence ?? []).map(
    (e) => e.sentence.segment,
  );
  return (s) => segments.some((at) => s.segment >= at && s.segment <= at + REPLY_TURNS);
}

const wholeSentence = (sentence: TranscriptSentence) => evidenceOf(sentence, 'Speaker');

const evidenceOf = (sentence: TranscriptSentence, matchedBy: string): Evidence => ({
  sentence,
  start: sentence.start,
  end: sentence.end,
  matchedBy,
});

/** The first way the sentence matches the rule: a phrase, a family, then the examples. */
function matchSentence(rule: FullBotRule, sentence: TranscriptSentence): Evidence | null {
  for (const phrase of rule.phrases) {
    const hit = matchPhrase(sentence.tokens, phraseStems(phrase));
    if (hit && !(rule.negation && isNegated(sentence, hit.first.start, hit.last.end))) {
      return evidenceOf(sentence, `Phrase: ${phrase}`);
    }
  }
  for (const id of rule.families) {
    const hit = matchFamily(id, sentence, rule.negation);
    if (hit) return evidenceOf(sentence, hit.matchedBy);
  }
  const example = exampleClassifier(rule.examples)?.classify(sentence.tokens);
  if (example && !(rule.negation && isNegatedSentence(sentence))) {
    return evidenceOf(sentence, `Example: "${example}"`);
  }
  return null;
}

/** A sentence every clause of which is negated ("No, I'm not worried about that"). */
const isNegatedSentence = (sentence: TranscriptSentence) => {
  const words = sentence.tokens.filter(isWord);
  return words.length > 0 && words.filter((t) => t.negated).length * 2 > words.length;
};

// A price is being talked about: a question about cost, price words or an amount just before.
const PRICE_TALK =
  /\$\d|\b(?:how much|cost|costs|price|pricing|charge|fee|quote|estimate|ballpark|dollars?|bucks|run (?:me|us|you)|what(?:'s| is| would be) the (?:damage|total))\b/i;

function extract(
  extractor: RuleExtractor,
  matched: readonly Evidence[],
  all: readonly TranscriptSentence[],
  context: RuleContext,
): { values: string[]; evidence: Evidence[]; amounts?: TagFinding['amounts'] } {
  const values: string[] = [];
  const evidence: Evidence[] = [];
  switch (extractor) {
    case 'money': {
      const amounts: NonNullable<TagFinding['amounts']> = [];
      const checkReferences = context.referenceCents.size > 0;
      const said = amountsOfTurns(matched, all, context);
      // "Ninety-nine bucks for the whole year." … "Just ninety-nine?": a rate's amount said again
      // without it is the same price.
      const rated = new Set(
        said.flatMap(({ found }) => found.filter((a) => a.per).map((a) => a.cents)),
      );
      for (const { sentence, turn, found } of said) {
        for (const amount of found) {
          const shown = formatAmount(amount.cents, amount.per);
          evidence.push({
            sentence,
            start: turn.start + amount.start,
            end: turn.start + amount.end,
            matchedBy: `Amount: ${shown}`,
          });
          if (amount.per === null && rated.has(amount.cents)) continue;
          if (amounts.some((a) => a.cents === amount.cents && a.per === amount.per)) continue;
          amounts.push({ cents: amount.cents, per: amount.per });
          values.push(
            checkReferences && !context.referenceCents.has(amount.cents)
              ? `${shown} (not in the reference files)`
              : shown,
          );
        }
      }
      return { values, evidence, amounts };
    }
    case 'datetime':
      for (const m of matched) {
        // "So that's Thursday, seven-thirty to nine-thirty. You'll get a reminder." — the time
        // of a confirmation is often said beside it: in the same turn, or in the turns just
        // before ("Friday, ten to noon?" — "Friday's great." — "You're all set.").
        const seg = m.sentence.segment;
        const turns = sentencesBySegment(all);
        const near = (from: number) => {
          const spans: TextSpan[] = [];
          for (let k = Math.max(0, from); k <= seg; k++)
            for (const s of turns.get(k) ?? []) spans.push(...extractDateTimes(s));
          return spans;
        };
        const own = extractDateTimes(m.sentence);
        const inTurn = own.length > 0 ? own : near(seg);
        const spans = inTurn.length > 0 ? inTurn : near(seg - 2);
        if (spans.length === 0) continue;
        values.push(...spans.map((s) => s.text));
        evidence.push(m);
      }
      break;
    case 'phone':
      for (const m of matched) {
        const found = extractPhones(m.sentence.text);
        values.push(...found);
        if (found.length > 0) evidence.push(m);
      }
      break;
    case 'yes-no':
      for (const m of matched) {
        if (!isYesNoQuestion(m.sentence)) continue;
        const reply = answerTo(m.sentence, all);
        const answer = reply ? readAnswer(reply) : null;
        values.push(`${quoted(m.sentence)} — ${answer ?? 'no clear answer'}`);
        evidence.push(m);
        if (reply && answer) evidence.push(wholeSentence(reply));
      }
      break;
  }
  return { values, evidence: dedupe(evidence) };
}

/**
 * The amounts said in the turns of the matched sentences, each with the sentence it stands in. A
 * turn is read whole, since its other sentences tell what a number is ("that's for the system");
 * a bare spoken number ("three forty-nine") counts as a price once the conversation has
 * talked about price (in this turn or any before it).
 */
function amountsOfTurns(
  matched: readonly Evidence[],
  all: readonly TranscriptSentence[],
  context: RuleContext,
) {
  const out: { sentence: TranscriptSentence; turn: { start: number }; found: FoundAmount[] }[] = [];
  const segments = [...new Set(matched.map((m) => m.sentence.segment))];
  const firstPriceTalk = context.turns.findIndex((t) => PRICE_TALK.test(t.text));
  // A price already quoted makes the talk about price too ("Battery's one sixty-five." … "Four
  // fifty-four, yeah.").
  let quoted = false;
  for (const segment of segments) {
    const turn = context.turns[segment];
    if (!turn) continue;
    const priceContext = quoted || (firstPriceTalk >= 0 && firstPriceTalk <= segment);
    const inTurn = matched.filter((m) => m.sentence.segment === segment).map((m) => m.sentence);
    const read = amountsRead(all);
    const key = `${segment}/${priceContext}`;
    let amounts = read.get(key);
    if (!amounts) read.set(key, (amounts = findAmounts(turn.text, { priceContext })));
    quoted ||= amounts.length > 0;
    for (const amount of amounts) {
      const at = turn.start + amount.start;
      const sentence = inTurn.find((s) => at >= s.start && at < s.end);
      if (sentence) out.push({ sentence, turn, found: [amount] });
    }
  }
  return out;
}

// Amounts of each turn of a transcript, by `segment/priceContext`: every money tag reads them.
const amountsRead = oncePer((_: readonly TranscriptSentence[]) => new Map<string, FoundAmount[]>());

const sentencesBySegment = oncePer((all: readonly TranscriptSentence[]) => {
  const bySegment = new Map<number, TranscriptSentence[]>();
  for (const s of all) {
    const list = bySegment.get(s.segment);
    if (list) list.push(s);
    else bySegment.set(s.segment, [s]);
  }
  return bySegment;
});

const dedupe = (evidence: Evidence[]) =>
  evidence.filter(
    (e, k) => evidence.findIndex((o) => o.start === e.start && o.end === e.end) === k,
  );

/** The first sentence the other party said right after a question (within the next two turns). */
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
