import type { OutputTag } from '@fieldbot/shared';
import type { EngineResult } from '../src/providers/bot-engine/bot-engine.js';
import { findAmounts } from '../src/providers/bot-engine/rules/money/index.js';
import type { EvalTranscript, LabelledAmount } from './eval-set.js';

/** Counts behind one output tag's figures, summed over the transcripts its bot ran on. */
export interface TagCounts {
  bot: string;
  tag: string;
  /** Amount tags are scored per amount (cents); the others per transcript (found or not). */
  kind: 'presence' | 'amounts';
  tp: number;
  fp: number;
  fn: number;
  /** Highlighted spans, and those overlapping a labelled quote. */
  spans: number;
  spansOnLabel: number;
  /** Labelled quotes, and those overlapping a highlighted span. */
  quotes: number;
  quotesCovered: number;
  /** Amounts found with the right cents, and of those with the right qualifier. */
  amountsMatched: number;
  qualifierRight: number;
}

export interface PartCounts {
  transcripts: number;
  tags: Map<string, TagCounts>;
  /** Calls whose Booked finding agrees with the labelled outcome. */
  bookingRight: number;
  bookingCalls: number;
  /** Response tags whose text is exactly the transcript between their offsets. */
  spansExact: number;
  spansTotal: number;
}

export const emptyPart = (): PartCounts => ({
  transcripts: 0,
  tags: new Map(),
  bookingRight: 0,
  bookingCalls: 0,
  spansExact: 0,
  spansTotal: 0,
});

const BOOKING_BOT = 'Booking outcome';
const BOOKED_TAG = 'Booked';

/** Where a quote stands in the transcript text (every occurrence). */
function occurrences(text: string, quote: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
    found.push([at, at + quote.length]);
  }
  return found;
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

/** Amounts an output tag reports: the engine's own list, else read from its text (LLM answers). */
function predictedAmounts(tag: OutputTag): { cents: number; per: string | null }[] {
  if (tag.amounts) return tag.amounts;
  if (!tag.data) return [];
  const seen = new Set<string>();
  return findAmounts(tag.data, { priceContext: true }).filter((a) => {
    const key = `${a.cents}/${a.per}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Adds one bot's result on one transcript to the part's counts. */
export function scoreResult(
  part: PartCounts,
  transcript: EvalTranscript,
  botName: string,
  result: EngineResult,
): void {
  const labels: Map<string, string[] | LabelledAmount[]> =
    transcript.labels.get(botName) ?? new Map();
  for (const span of result.responseTags) {
    part.spansTotal++;
    if (transcript.text.slice(span.index_start, span.index_end) === span.text) part.spansExact++;
  }
  for (const output of result.outputTags) {
    const key = `${botName}\u0000${output.label}`;
    const label = labels.get(output.label) ?? [];
    const isAmounts =
      label.length > 0 ? typeof label[0] !== 'string' : output.amounts !== undefined;
    let counts = part.tags.get(key);
    if (!counts) {
      counts = {
        bot: botName,
        tag: output.label,
        kind: isAmounts ? 'amounts' : 'presence',
        tp: 0,
        fp: 0,
        fn: 0,
        spans: 0,
        spansOnLabel: 0,
        quotes: 0,
        quotesCovered: 0,
        amountsMatched: 0,
        qualifierRight: 0,
      };
      part.tags.set(key, counts);
    }
    if (counts.kind === 'amounts') {
      const labelled = (label as LabelledAmount[]).map((a) => ({ ...a, used: false }));
      const predicted = predictedAmounts(output);
      for (const amount of predicted) {
        const match = labelled.find((l) => !l.used && l.cents === amount.cents);
        if (!match) {
          counts.fp++;
          continue;
        }
        match.used = true;
        counts.tp++;
        counts.amountsMatched++;
        if (match.per === amount.per) counts.qualifierRight++;
      }
      counts.fn += labelled.filter((l) => !l.used).length;
    } else {
      const positive = label.length > 0;
      const found = output.data !== null;
      if (found && positive) counts.tp++;
      else if (found) counts.fp++;
      else if (positive) counts.fn++;
    }

    const quoteSpans = label.map((item) =>
      occurrences(transcript.text, typeof item === 'string' ? item : item.quote),
    );
    const spans = result.responseTags
      .filter((t) => t.tag_id === output.id)
      .map((t): [number, number] => [t.index_start, t.index_end]);
    counts.spans += spans.length;
    counts.spansOnLabel += spans.filter((s) =>
      quoteSpans.some((q) => q.some((o) => overlaps(s, o))),
    ).length;
    counts.quotes += quoteSpans.length;
    counts.quotesCovered += quoteSpans.filter((q) =>
      q.some((o) => spans.some((s) => overlaps(s, o))),
    ).length;
  }
  if (botName === BOOKING_BOT && transcript.outcome) {
    const booked = result.outputTags.find((t) => t.label === BOOKED_TAG)?.data != null;
    part.bookingCalls++;
    if (booked === (transcript.outcome === 'booked')) part.bookingRight++;
  }
}

export interface TagFigures {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function figures(c: Pick<TagCounts, 'tp' | 'fp' | 'fn'>): TagFigures {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 =
    precision === null || recall === null || precision + recall === 0
      ? null
      : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Counts summed over several tags (micro-average), e.g. the eight concern tags. */
export function sumCounts(tags: readonly TagCounts[]): Pick<TagCounts, 'tp' | 'fp' | 'fn'> {
  return tags.reduce((s, t) => ({ tp: s.tp + t.tp, fp: s.fp + t.fp, fn: s.fn + t.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
}
