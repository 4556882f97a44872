import { figures, sumCounts, type PartCounts, type TagCounts } from './score.js';

/** The eval's printed tables: one row per output tag, then the rules engine's goals. */

const pct = (v: number | null) => (v === null ? '   –' : v.toFixed(2).padStart(4));
const share = (a: number, b: number) => (b === 0 ? '   –' : (a / b).toFixed(2).padStart(4));

const CONCERN_BOT = 'Customer concerns';

export function formatPart(title: string, part: PartCounts): string {
  const lines = [
    `${title} — ${part.transcripts} transcripts`,
    'bot / tag                                   n    P    R   F1  spans∩label  quotes covered',
  ];
  for (const t of part.tags.values()) {
    const f = figures(t);
    const name = `${t.bot} / ${t.tag}${t.kind === 'amounts' ? ' (amounts)' : ''}`;
    const n = t.tp + t.fn;
    lines.push(
      `${name.padEnd(42)}${String(n).padStart(3)} ${pct(f.precision)} ${pct(f.recall)} ${pct(f.f1)}  ${share(t.spansOnLabel, t.spans)} (${t.spans})`.padEnd(
        84,
      ) + `  ${share(t.quotesCovered, t.quotes)} (${t.quotes})`,
    );
  }
  return [...lines, ...formatGoals(part)].join('\n');
}

const tag = (part: PartCounts, bot: string, label: string): TagCounts | undefined =>
  part.tags.get(`${bot}\u0000${label}`);

/** The goals the rules engine is held to, each with its measured figures. */
export function goals(part: PartCounts): { goal: string; figure: string; met: boolean | null }[] {
  const out: { goal: string; figure: string; met: boolean | null }[] = [];
  const prf = (
    goal: string,
    counts: TagCounts | Pick<TagCounts, 'tp' | 'fp' | 'fn'> | undefined,
    p: number,
    r: number,
  ) => {
    if (!counts) return out.push({ goal, figure: 'not measured', met: null });
    const f = figures(counts);
    out.push({
      goal,
      figure: `P ${pct(f.precision).trim()}, R ${pct(f.recall).trim()}, n ${counts.tp + counts.fn}`,
      met: f.precision !== null && f.recall !== null ? f.precision >= p && f.recall >= r : null,
    });
  };
  prf(
    'Plan offered: P ≥ 0.90, R ≥ 0.85',
    tag(part, 'Maintenance plan offered', 'Plan offered'),
    0.9,
    0.85,
  );
  out.push({
    goal: 'Booking outcome accuracy on calls ≥ 0.90',
    figure: `${share(part.bookingRight, part.bookingCalls).trim()} (${part.bookingRight} of ${part.bookingCalls})`,
    met: part.bookingCalls === 0 ? null : part.bookingRight / part.bookingCalls >= 0.9,
  });
  prf(
    'Amounts quoted (cents): P ≥ 0.90, R ≥ 0.85',
    tag(part, 'Price quoted', 'Amounts quoted'),
    0.9,
    0.85,
  );
  const concerns = [...part.tags.values()].filter((t) => t.bot === CONCERN_BOT);
  prf(
    'Customer concerns (all 8, micro): R ≥ 0.60 at P ≥ 0.75',
    concerns.length ? sumCounts(concerns) : undefined,
    0.75,
    0.6,
  );
  out.push({
    goal: 'Evidence at its true offsets: 100 %',
    figure: `${part.spansExact} of ${part.spansTotal}`,
    met: part.spansExact === part.spansTotal,
  });
  return out;
}

function formatGoals(part: PartCounts): string[] {
  return [
    'goals:',
    ...goals(part).map(
      (g) => `  ${g.met === null ? '·' : g.met ? '✓' : '✗'} ${g.goal.padEnd(58)} ${g.figure}`,
    ),
  ];
}
