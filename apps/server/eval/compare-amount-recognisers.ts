/**
 * Measures amount recognisers on the same sentences, for docs/decisions/022-amounts-in-speech.md:
 * (a) the labelled sentences of eval/amount-cases.ts, (b) the amounts labelled in the dev
 * transcripts (eval/sets/dev, "Price quoted / Amounts quoted"). Prints per candidate: amounts
 * correct (cents and rate), missed, false, and microseconds per sentence.
 *
 *   npx tsx apps/server/eval/compare-amount-recognisers.ts [--misses]
 *
 * It is a measure, not a test: it always exits 0. It never reads the holdout set.
 */
import { readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { AmountPeriod } from '@fieldbot/shared';
import { Culture, recognizeCurrency } from '@microsoft/recognizers-text-number-with-unit';
import nlp from 'compromise';
import datesPlugin from 'compromise-dates';
import winkNLP from 'wink-nlp';
import winkEnglish from 'wink-eng-lite-web-model';
import { findAmounts, hasPriceWords } from '../src/providers/bot-engine/rules/money/index.js';
import { AMOUNT_CASES, NOT_AMOUNT_CASES, type AmountCase } from './amount-cases.js';
import { readEvalFile, type EvalTranscript, type LabelledAmount } from './eval-set.js';

interface Amount {
  cents: number;
  per: AmountPeriod | null;
}
interface Candidate {
  name: string;
  find: (text: string, priceContext: boolean) => Amount[];
}
/** One sentence to read, with the amounts it should give. */
interface Item {
  text: string;
  priceContext: boolean;
  expected: Amount[];
}

const { values: args } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });
const here = path.dirname(fileURLToPath(import.meta.url));

// ── Candidates ───────────────────────────────────────────────────────────────

nlp.plugin(datesPlugin);
const toCents = (dollars: number) => Math.round(dollars * 100);
/** compromise's number reading, also used to give wink's entity text a value (wink gives none). */
const compromiseNumber = (text: string): number | null => {
  // get() answers the view itself, not [], when nothing matched.
  const values: unknown = nlp(text).numbers().get();
  const value: unknown = Array.isArray(values) ? values[0] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

const compromiseCandidate: Candidate = {
  name: 'compromise `.money()` (the rules engine today)',
  // As rules/extractors.ts extractMoney does: each money match's number, in dollars.
  find: (text) => {
    const found: Amount[] = [];
    nlp(text)
      .money()
      .forEach((match) => {
        const value = compromiseNumber(match.text());
        if (value !== null && value > 0) found.push({ cents: toCents(value), per: null });
      });
    return found;
  },
};

const microsoftCandidate: Candidate = {
  name: 'Microsoft Recognizers-Text currency model',
  find: (text) =>
    recognizeCurrency(text, Culture.English).flatMap((result) => {
      const resolution = result.resolution as { value?: string; unit?: string } | undefined;
      const value = Number(resolution?.value);
      if (!Number.isFinite(value) || value <= 0) return [];
      const cents = /cent/i.test(resolution?.unit ?? '') ? Math.round(value) : toCents(value);
      return [{ cents, per: null }];
    }),
};

const wink = winkNLP(winkEnglish);
const winkCandidate: Candidate = {
  name: 'wink-nlp MONEY (+ CARDINAL in price talk)',
  find: (text, priceContext) => {
    const context = priceContext || hasPriceWords(text);
    const entities = wink.readDoc(text).entities().out(wink.its.detail) as unknown as {
      value: string;
      type: string;
    }[];
    return entities.flatMap(({ value, type }) => {
      if (type !== 'MONEY' && !(type === 'CARDINAL' && context)) return [];
      const digits = /\d/.test(value) ? Number(value.replace(/[^\d.]/g, '')) : null;
      const dollars = digits ?? compromiseNumber(value);
      return dollars !== null && dollars > 0 ? [{ cents: toCents(dollars), per: null }] : [];
    });
  },
};

const findAmountsCandidate: Candidate = {
  name: '**findAmounts** (money/, own code)',
  find: (text, priceContext) =>
    findAmounts(text, { priceContext }).map(({ cents, per }) => ({ cents, per })),
};

const CANDIDATES = [compromiseCandidate, microsoftCandidate, winkCandidate, findAmountsCandidate];

// ── Sets ─────────────────────────────────────────────────────────────────────

const caseItems = (cases: readonly AmountCase[]): Item[] =>
  cases.map((c) => ({ text: c.text, priceContext: c.priceContext, expected: c.amounts }));

/** Valid dev transcripts; a file another author is still writing is skipped with a note. */
function loadDev(): EvalTranscript[] {
  const folder = path.join(here, 'sets', 'dev');
  const files = readdirSync(folder).filter((f) => f.endsWith('.yaml'));
  return files.flatMap((file) => {
    try {
      return [readEvalFile(path.join(folder, file))];
    } catch (error) {
      console.warn(`skipped ${file}: ${(error as Error).message}`);
      return [];
    }
  });
}

const isCustomer = (speaker: string) => /^(customer|caller|homeowner)/i.test(speaker);

/**
 * The company side's lines of a field recording (only those are labelled for amounts), each with
 * its price context: always, or only when the line or one of the two before it has price words.
 */
function devLines(
  transcript: EvalTranscript,
  context: 'always' | 'nearby',
): { text: string; priceContext: boolean }[] {
  const segments = transcript.segments;
  return segments.flatMap((segment, k) => {
    if (isCustomer(segment.speaker)) return [];
    const before = segments.slice(Math.max(0, k - 2), k).map((s) => s.text);
    const priceContext = context === 'always' || before.some(hasPriceWords);
    return [{ text: segment.text, priceContext }];
  });
}

const labelledAmounts = (transcript: EvalTranscript): Amount[] =>
  ((transcript.labels.get('Price quoted')?.get('Amounts quoted') ?? []) as LabelledAmount[]).map(
    ({ cents, per }) => ({ cents, per }),
  );

// ── Scoring ──────────────────────────────────────────────────────────────────

interface Score {
  correct: number;
  /** Right cents, wrong or missing rate: counted as missed and false too. */
  centsOnly: number;
  missed: number;
  false: number;
  expected: number;
  misses: string[];
}
const emptyScore = (): Score => ({
  correct: 0,
  centsOnly: 0,
  missed: 0,
  false: 0,
  expected: 0,
  misses: [],
});
const key = (a: Amount) => `${a.cents}/${a.per ?? '-'}`;
const show = (amounts: Amount[]) => amounts.map(key).join(' ') || '∅';

/** Adds one comparison (multisets of amounts) to the score. */
function addComparison(score: Score, label: string, expected: Amount[], found: Amount[]): void {
  const left = [...found];
  let correct = 0;
  for (const amount of expected) {
    const at = left.findIndex((f) => key(f) === key(amount));
    if (at >= 0) {
      left.splice(at, 1);
      correct++;
    } else if (found.some((f) => f.cents === amount.cents)) {
      score.centsOnly++;
    }
  }
  score.expected += expected.length;
  score.correct += correct;
  score.missed += expected.length - correct;
  score.false += left.length;
  if (correct < expected.length || left.length > 0) {
    score.misses.push(`${label}\n      want ${show(expected)}  got ${show(found)}`);
  }
}

const unique = (amounts: Amount[]) => [...new Map(amounts.map((a) => [key(a), a])).values()];

function scoreCases(candidate: Candidate, items: Item[]): Score {
  const score = emptyScore();
  for (const item of items) {
    addComparison(score, item.text, item.expected, candidate.find(item.text, item.priceContext));
  }
  return score;
}

/** Per transcript, as the labels are: each (cents, rate) once. */
function scoreDev(
  candidate: Candidate,
  dev: EvalTranscript[],
  context: 'always' | 'nearby',
): Score {
  const score = emptyScore();
  for (const transcript of dev) {
    const found = devLines(transcript, context).flatMap((line) =>
      candidate.find(line.text, line.priceContext),
    );
    addComparison(score, transcript.id, unique(labelledAmounts(transcript)), unique(found));
  }
  return score;
}

/**
 * Microseconds per sentence: the fastest of five passes after a warm-up pass (the fastest pass is
 * the one least disturbed by whatever else the machine runs).
 */
function microsPerSentence(candidate: Candidate, items: { text: string; priceContext: boolean }[]) {
  const run = () => items.forEach((item) => candidate.find(item.text, item.priceContext));
  run();
  let best = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return (best * 1000) / items.length;
}

/** A 30-minute call's company lines (about 4,000 words): findAmounts over all of them, p50/p99 in ms. */
function callTimings(lines: { text: string; priceContext: boolean }[]) {
  const call: typeof lines = [];
  let words = 0;
  for (let k = 0; words < 4000 && lines.length > 0; k++) {
    const line = lines[k % lines.length]!;
    call.push(line);
    words += line.text.split(/\s+/).length;
  }
  // Wall time, and this process's CPU time (what the call costs when the machine is shared).
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 300; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (const line of call) findAmounts(line.text, { priceContext: line.priceContext });
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { lines: call.length, words, wall: quantiles(wall), cpu: quantiles(cpu) };
}

function quantiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`;
}

// ── Report ───────────────────────────────────────────────────────────────────

const pct = (part: number, whole: number) =>
  whole === 0 ? '–' : `${Math.round((100 * part) / whole)}%`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

function table(title: string, scores: Map<Candidate, Score>, speeds?: Map<Candidate, number>) {
  console.log(`\n### ${title}\n`);
  const head = ['Candidate', 'correct', 'right cents, wrong rate', 'missed', 'false', 'recall'];
  if (speeds) head.push('µs / sentence');
  console.log(row(head));
  console.log(row(head.map(() => '---')));
  for (const [candidate, s] of scores) {
    const cells: (string | number)[] = [
      candidate.name,
      `${s.correct} / ${s.expected}`,
      s.centsOnly,
      s.missed,
      s.false,
      pct(s.correct, s.expected),
    ];
    if (speeds) cells.push(speeds.get(candidate)!.toFixed(1));
    console.log(row(cells));
  }
  if (args.misses) {
    for (const [candidate, s] of scores) {
      console.log(`\n${candidate.name}: ${s.misses.length} off`);
      s.misses.forEach((m) => console.log(`  - ${m}`));
    }
  }
}

const positives = caseItems(AMOUNT_CASES);
const negatives = caseItems(NOT_AMOUNT_CASES);
const dev = loadDev().filter((t) => t.type === 'field-recording');
const devSentences = dev.flatMap((t) => devLines(t, 'nearby'));
const allSentences = [...positives, ...negatives, ...devSentences];

console.log(
  `Sentences: ${positives.length} with amounts, ${negatives.length} without; ` +
    `dev: ${dev.length} field recordings, ${devSentences.length} company-side lines, ` +
    `${dev.reduce((n, t) => n + unique(labelledAmounts(t)).length, 0)} labelled amounts.`,
);

const speeds = new Map(CANDIDATES.map((c) => [c, microsPerSentence(c, allSentences)]));
const over = (score: (c: Candidate) => Score) => new Map(CANDIDATES.map((c) => [c, score(c)]));
table(
  'Labelled sentences (amount-cases.ts)',
  over((c) => scoreCases(c, [...positives, ...negatives])),
  speeds,
);
table(
  'Sentences without an amount only (false amounts)',
  over((c) => scoreCases(c, negatives)),
);
table(
  'Dev transcripts, price context from the line and the two before it',
  over((c) => scoreDev(c, dev, 'nearby')),
);
table(
  'Dev transcripts, every company line in price context',
  over((c) => scoreDev(c, dev, 'always')),
);

const call = callTimings(devSentences);
const quiet = microsPerSentence(findAmountsCandidate, [
  {
    text: "Okay, let me take a look at the outdoor unit and I'll be right back.",
    priceContext: false,
  },
]);
const [load] = loadavg();
console.log(
  `\nMachine load average while measuring: ${load!.toFixed(1)} on ${availableParallelism()} cores.`,
);
console.log(
  `findAmounts on a 30-minute call (${call.lines} company lines, ${call.words} words): ` +
    `wall ${call.wall}, CPU ${call.cpu}. ` +
    `A sentence without digits or number words: ${quiet.toFixed(2)} µs.`,
);
