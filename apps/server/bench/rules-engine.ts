/**
 * Benchmark (not a test) of the rules engine on one core: a 30-minute call (about 4,000 words of
 * the evaluation set's speech, one turn every ~8 s) run through all five demo bots, as automation
 * runs them on one interaction. Each iteration changes the transcript a little, so nothing is
 * served from the engine's cache of analysed transcripts. Prints per-transcript p50 / p99 and,
 * as the baseline measured in the same run, wink-nlp reading the same text (the floor of any
 * engine that reads it with an NLP library).
 *
 *   npm run bench:rules          (BENCH_ITERATIONS, default 1000)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinSegments, type TranscriptSegment } from '@fieldbot/shared';
import { DEMO_BOTS } from '../src/seed/demo-bots';
import { runRules } from '../src/providers/bot-engine/rules/rules-engine';
import { analyseText } from '../src/providers/bot-engine/rules/text-analysis';
import { loadEvalSet } from '../eval/eval-set';
import { percentile } from './support/percentile';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1000);
const WORDS = 4_000;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Turns of the tuning set, repeated in order until the call has WORDS words. */
function thirtyMinuteCall(): TranscriptSegment[] {
  const turns = loadEvalSet(path.join(here, '../eval/sets/dev')).flatMap((t) => t.segments);
  const segments: TranscriptSegment[] = [];
  let words = 0;
  for (let k = 0; words < WORDS; k++) {
    const turn = turns[k % turns.length]!;
    const start = segments.length * 8;
    segments.push({ ...turn, start, end: start + 8 });
    words += turn.text.split(/\s+/).length;
  }
  return segments;
}

function measure(run: (k: number) => void): { p50: number; p99: number } {
  for (let k = 0; k < 20; k++) run(-1 - k); // warm-up
  const times: number[] = [];
  for (let k = 0; k < ITERATIONS; k++) {
    const t0 = performance.now();
    run(k);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const base = thirtyMinuteCall();
// A different first word each iteration: a new transcript for the engine's cache.
const variant = (k: number): TranscriptSegment[] => [
  { ...base[0]!, text: `${k} ${base[0]!.text}` },
  ...base.slice(1),
];
const bots = DEMO_BOTS.map((b) => ({
  name: b.name,
  prompt: b.prompt,
  outputTags: b.output_tags,
  referenceTexts: [],
}));
const words = base.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
console.log(
  `${base.length} turns, ${words} words (${Math.round(base.at(-1)!.end / 60)} min), ${bots.length} bots, ${ITERATIONS} iterations`,
);

const baseline = measure((k) => {
  for (const s of variant(k)) analyseText(s.text);
});
let found = 0;
const engine = measure((k) => {
  const segments = variant(k);
  const transcript = { text: joinSegments(segments), segments };
  for (const bot of bots) found += runRules(bot, transcript).responseTags.length;
});
const row = (name: string, m: { p50: number; p99: number }) =>
  `${name.padEnd(44)} p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  (${(m.p99 / baseline.p99).toFixed(2)}× baseline p99)`;
console.log(row('baseline: wink-nlp reads the turns', baseline));
console.log(row('rules engine, 5 demo bots, per transcript', engine));
console.log(`evidence spans per transcript: ${Math.round(found / (ITERATIONS + 20))}`);
