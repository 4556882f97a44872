/**
 * `npm run eval:redaction`: the PII redactor over the labelled sentences of cases.tune.ts and
 * cases.held-out.ts, per kind of PII: n, TP, FP, FN, precision and recall, plus whether every
 * character outside a masked span kept its index. A measure, not a test: it exits 0 whatever the
 * figures (it exits 1 only when a case is mislabelled).
 *
 *   npm run eval:redaction                        # both parts
 *   npm run eval:redaction -- --part tune --misses  # while tuning: the tuning part and its misses
 *
 * Matching rule (span level): a masked span is a true positive when it has the labelled kind and
 * covers the whole labelled substring (cue words around it may be masked too). A labelled
 * substring no span of its kind covers is a false negative, even when a span covers part of it
 * (part of a card left readable is a leak). A masked span that covers no labelled substring of its
 * kind is a false positive.
 */
import { parseArgs } from 'node:util';
import { PII_KINDS, redactPii, type PiiKind } from '@fieldbot/shared';
import { figures } from '../score.js';
import { HELD_OUT_CASES } from './cases.held-out.js';
import { TUNE_CASES } from './cases.tune.js';
import type { RedactionCase } from './redaction-case.js';

const { values: args } = parseArgs({
  options: {
    part: { type: 'string', default: 'both' },
    misses: { type: 'boolean', default: false },
  },
});

interface KindCounts {
  tp: number;
  fp: number;
  fn: number;
}

interface PartScore {
  cases: number;
  kinds: Map<PiiKind, KindCounts>;
  offsetsKept: number;
  misses: string[];
}

class MislabelledCase extends Error {}

function scorePart(cases: readonly RedactionCase[]): PartScore {
  const kinds = new Map(PII_KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
  const score: PartScore = { cases: cases.length, kinds, offsetsKept: 0, misses: [] };
  for (const c of cases) {
    const result = redactPii(c.text, c.options);
    const expected = c.expected.map((e) => {
      const start = c.text.indexOf(e.text);
      if (start < 0) throw new MislabelledCase(`"${e.text}" is not in: ${c.text}`);
      return { ...e, start, end: start + e.text.length, covered: false };
    });
    for (const span of result.spans) {
      const hit = expected.find(
        (e) => !e.covered && e.kind === span.kind && span.start <= e.start && span.end >= e.end,
      );
      if (hit) {
        hit.covered = true;
        kinds.get(span.kind)!.tp++;
      } else {
        kinds.get(span.kind)!.fp++;
        score.misses.push(`FP ${span.kind}: "${c.text.slice(span.start, span.end)}" in: ${c.text}`);
      }
    }
    for (const e of expected.filter((x) => !x.covered)) {
      kinds.get(e.kind)!.fn++;
      score.misses.push(`FN ${e.kind}: "${e.text}" → ${result.text}`);
    }
    if (offsetsKept(c.text, result)) score.offsetsKept++;
  }
  return score;
}

/** Same length, and every character outside the spans unchanged at its index. */
function offsetsKept(original: string, result: ReturnType<typeof redactPii>): boolean {
  if (result.text.length !== original.length) return false;
  for (let i = 0; i < original.length; i++) {
    const inSpan = result.spans.some((s) => s.start <= i && i < s.end);
    if (!inSpan && result.text[i] !== original[i]) return false;
  }
  return result.spans.every((s) => result.text.slice(s.start, s.end) === s.replacement);
}

const pct = (v: number | null) => (v === null ? '   –' : v.toFixed(2).padStart(4));

function formatPart(title: string, score: PartScore): string {
  const lines = [`${title} — ${score.cases} cases`, 'kind            n   TP   FP   FN     P     R'];
  const total = { tp: 0, fp: 0, fn: 0 };
  const row = (name: string, c: KindCounts) => {
    const f = figures(c);
    return `${name.padEnd(13)}${[c.tp + c.fn, c.tp, c.fp, c.fn].map((v) => String(v).padStart(4)).join(' ')}  ${pct(f.precision)}  ${pct(f.recall)}`;
  };
  for (const [kind, c] of score.kinds) {
    total.tp += c.tp;
    total.fp += c.fp;
    total.fn += c.fn;
    lines.push(row(kind, c));
  }
  lines.push(row('all', total));
  const card = figures(score.kinds.get('card')!);
  const ssn = figures(score.kinds.get('ssn')!);
  const all = figures(total);
  const goal = (text: string, met: boolean) => `  ${met ? '✓' : '✗'} ${text}`;
  lines.push(
    'goals:',
    goal('card recall ≥ 0.98', (card.recall ?? 0) >= 0.98),
    goal('SSN recall ≥ 0.98', (ssn.recall ?? 0) >= 0.98),
    goal('precision (all kinds) ≥ 0.98', (all.precision ?? 1) >= 0.98),
    goal(
      `offsets after every span kept: ${score.offsetsKept} of ${score.cases}`,
      score.offsetsKept === score.cases,
    ),
  );
  return lines.join('\n');
}

const parts = [
  { name: 'tune', title: 'tune (tuning part)', cases: TUNE_CASES },
  { name: 'held-out', title: 'held-out (never tuned on)', cases: HELD_OUT_CASES },
].filter((p) => args.part === 'both' || args.part === p.name);

try {
  for (const part of parts) {
    const score = scorePart(part.cases);
    console.log(`\n${formatPart(part.title, score)}`);
    if (args.misses) for (const miss of score.misses) console.log(`  ${miss}`);
  }
} catch (error) {
  if (!(error instanceof MislabelledCase)) throw error;
  console.error(error.message);
  process.exit(1);
}
