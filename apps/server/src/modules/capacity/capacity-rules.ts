import { createHash } from 'node:crypto';
import {
  CAPACITY_ALERT_THRESHOLDS,
  formatUsd,
  hardLimitReached,
  periodLabel,
  reachedThresholds,
  type HoldReason,
} from '@fieldbot/shared';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';

/** What decides a company's hold: its limits (integer cents) and the payment-due flag. */
export interface CompanyLimits {
  softCapacityCents: number | null;
  hardCapacityCents: number | null;
  isPaymentDue: boolean;
}

/**
 * Why the company's new work must wait, or null: payment due first (paying is what the user must
 * do), then the hard limit reached by this month's spend.
 */
export function holdReason(limits: CompanyLimits, spentCents: number): HoldReason | null {
  if (limits.isPaymentDue) return 'payment_due';
  return hardLimitReached(spentCents, limits.hardCapacityCents) ? 'hard_capacity' : null;
}

/**
 * The soft-capacity e-mail to send now, if any: the highest threshold this spend reaches among
 * those newly recorded (`inserted`). Reaching several at once (a big jump) sends one e-mail, for
 * the highest; the lower ones are recorded as passed and never sent later.
 */
export function thresholdToMail(inserted: readonly number[]): number | null {
  return inserted.length === 0 ? null : Math.max(...inserted);
}

/** The thresholds (percent of soft) that this month's spend has reached. */
export function reachedSoftThresholds(spentCents: number, softCents: number | null): number[] {
  if (softCents === null) return [];
  return reachedThresholds(spentCents, softCents, CAPACITY_ALERT_THRESHOLDS);
}

/**
 * The pg-boss job id of a resume: the same for one pause of one item (so two checks that race
 * queue one job), new for each later pause (`generation`: the result's attempt count, the
 * interaction's updated_at), so a job kept in pg-boss from an earlier pass never blocks it.
 */
export function resumeJobId(kind: string, itemId: string, generation: string | number): string {
  const hex = createHash('sha256').update(`${kind}:${itemId}:${generation}`).digest('hex');
  // RFC 4122 shape: version 5 nibble, variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

export interface CapacityMailInput {
  to: string;
  companyName: string;
  threshold: number;
  period: string;
  spentCents: number;
  softCapacityCents: number;
  hardCapacityCents: number | null;
  settingsUrl: string;
}

/** The soft-capacity warning to one company admin, at 50 %, 80 % and 100 % of the soft limit. */
export function capacityAlertMail(input: CapacityMailInput): MailMessage {
  const soft = formatUsd(input.softCapacityCents);
  const spent = formatUsd(input.spentCents);
  const month = periodLabel(input.period);
  const hardLine =
    input.hardCapacityCents === null
      ? 'No hard capacity is set, so services keep running.'
      : `At the hard capacity of ${formatUsd(input.hardCapacityCents)}, new bot runs and transcriptions pause until the limit is raised or the month turns.`;
  const lines = [
    `${input.companyName} has used ${spent} in ${month}: ${input.threshold}% of its soft capacity of ${soft}.`,
    hardLine,
    `Review the limits: ${input.settingsUrl}`,
  ];
  return {
    to: input.to,
    subject: `Soft capacity ${input.threshold}% reached (${month})`,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
