import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { BILLING_MESSAGES, HOLD_REASONS } from './billing-constants';
import { isWholeCents } from './money';

/** Largest limit accepted, in US dollars (keeps cents inside a 32-bit integer). */
export const CAPACITY_MAX_DOLLARS = 10_000_000;

/**
 * Spec §5 "Capacity" as POST /api/company/update {soft_capacity, hard_capacity} carries it:
 * soft required and ≥ 0, hard optional (null when empty) and greater than soft. US dollars a month,
 * stored as integer cents, so a fraction of a cent is refused rather than rounded away.
 */
export const capacityFormSchema = z
  .object({
    soft_capacity: z
      .number({ error: MESSAGES.required })
      .min(0, { error: MESSAGES.invalidValue })
      .max(CAPACITY_MAX_DOLLARS, { error: MESSAGES.invalidValue })
      .refine(isWholeCents, { error: BILLING_MESSAGES.wholeCents }),
    hard_capacity: z
      .number({ error: MESSAGES.invalidValue })
      .min(0, { error: MESSAGES.invalidValue })
      .max(CAPACITY_MAX_DOLLARS, { error: MESSAGES.invalidValue })
      .refine(isWholeCents, { error: BILLING_MESSAGES.wholeCents })
      .nullable(),
  })
  .refine((v) => v.hard_capacity === null || v.hard_capacity > v.soft_capacity, {
    path: ['hard_capacity'],
    error: BILLING_MESSAGES.hardGreaterThanSoft,
  });
export type CapacityForm = z.infer<typeof capacityFormSchema>;

/**
 * GET /api/company/capacity: the limits and this billing month's metered spend (cents), for the
 * capacity page's progress bar; hold says why queued work waits, if it does.
 */
export const capacityStatusSchema = z.object({
  period: z.string(),
  soft_capacity: z.number().nullable(),
  hard_capacity: z.number().nullable(),
  spent_cents: z.number().int(),
  minutes_cents: z.number().int(),
  bot_runs_cents: z.number().int(),
  hold: z.enum(HOLD_REASONS).nullable(),
  paused_items: z.number().int(),
});
export type CapacityStatus = z.infer<typeof capacityStatusSchema>;
export const capacityStatusResponseSchema = z.object({ data: capacityStatusSchema });
