import { cpus, loadavg } from 'node:os';

/** Iterations per second of `step` over about half a second of wall time. */
function rate(step: () => void, checkEvery: number): number {
  const start = performance.now();
  let iterations = 0;
  while (iterations % checkEvery !== 0 || performance.now() - start < 500) {
    step();
    iterations += 1;
  }
  return iterations / ((performance.now() - start) / 1000);
}

/**
 * How fast this host runs JavaScript on one core, measured the way Lighthouse's `benchmarkIndex`
 * is (building strings, which allocates and collects, and copying arrays, which does not; the mean
 * of their iterations per second), but on its own scale. Two benchmark runs compare only when
 * their indexes are close: a host at half the index serves about half the requests.
 */
export function hostSpeedIndex(): number {
  const strings = rate(() => {
    let text = '';
    for (let i = 0; i < 10_000; i += 1) text += 'a';
    // Reading the result keeps the engine from dropping the loop as dead code.
    if (text.length !== 10_000) throw new Error('unreachable');
  }, 1);
  const a = Array.from({ length: 100_000 }, (_, i) => i);
  const b = a.slice();
  let flip = false;
  const arrays = rate(() => {
    const [from, to] = flip ? [a, b] : [b, a];
    for (let i = 0; i < from.length; i += 1) to[i] = from[i]!;
    flip = !flip;
  }, 10);
  return Math.round((strings + arrays) / 2);
}

/** The host line every benchmark prints first: Node, CPUs, load and the speed index. */
export function hostLine(): string {
  return (
    `Node ${process.version}; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at ` +
    `start; host speed index ${hostSpeedIndex()}`
  );
}
