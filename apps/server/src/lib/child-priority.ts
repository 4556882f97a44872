import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * Runs a just-started child process at `niceness` (0: at this process's own). Raising one's own
 * child's niceness is always allowed; a child that already exited (ESRCH) has nothing left to slow.
 */
export function niceChild(child: ChildProcess, niceness = 0): void {
  if (niceness <= 0 || child.pid === undefined) return;
  try {
    setPriority(child.pid, niceness);
  } catch {
    /* exited already */
  }
}
