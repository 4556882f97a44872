/**
 * Runs a benchmark's main and exits: pg-boss and pool timers must not keep a finished benchmark
 * alive. A failure is printed and exits 1.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
