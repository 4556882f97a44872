import type { BotFinding } from '@fieldbot/shared';
import { formatCount } from '@/components/dashboard';

/** The share of runs where the bot found something, 0 when it never ran. */
export function findingShare(finding: BotFinding): number {
  return finding.runs > 0 ? finding.found / finding.runs : 0;
}

/** "Found on 7 of 18 visits" (a technician's) or "… of 180 runs" (the company's). */
export function findingText(finding: BotFinding, technician: boolean): string {
  const noun = `${technician ? 'visit' : 'run'}${finding.runs === 1 ? '' : 's'}`;
  return `Found on ${formatCount(finding.found)} of ${formatCount(finding.runs)} ${noun}`;
}
