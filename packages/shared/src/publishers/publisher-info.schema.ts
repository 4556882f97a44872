import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { emailSchema } from '../validation/validators';

/** The Publisher Information form's limits. */
export const PUBLISHER_LIMITS = {
  nameMax: 100,
  descriptionMax: 1500,
  websiteMax: 2048,
  markupMin: 0,
  markupMax: 500,
} as const;

export const PUBLISHER_INFO_MESSAGES = {
  created: 'Publisher created successfully',
  updated: 'Publisher updated successfully',
  alreadyHasPublisher: 'Your account already has a publisher.',
  noPublisher: 'Create your publisher first.',
  nameMaxed: `Name cannot have more than ${PUBLISHER_LIMITS.nameMax} characters.`,
  markupRange: `Markup must be a whole number from ${PUBLISHER_LIMITS.markupMin} to ${PUBLISHER_LIMITS.markupMax}.`,
} as const;

const requiredText = () =>
  z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });

/** A markup percent: a whole number in the allowed range. */
export const markupPercentSchema = z
  .number({ error: PUBLISHER_INFO_MESSAGES.markupRange })
  .int({ error: PUBLISHER_INFO_MESSAGES.markupRange })
  .min(PUBLISHER_LIMITS.markupMin, { error: PUBLISHER_INFO_MESSAGES.markupRange })
  .max(PUBLISHER_LIMITS.markupMax, { error: PUBLISHER_INFO_MESSAGES.markupRange });

/** http(s) only: the marketplace links to it. */
const websiteSchema = z
  .string()
  .trim()
  .max(PUBLISHER_LIMITS.websiteMax, { error: MESSAGES.invalidUrl })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), {
    error: MESSAGES.invalidUrl,
  })
  .transform((v) => (v === '' ? null : v));

/**
 * POST /api/publisher/create (a publisher admin without a publisher) — and, every field optional,
 * POST /api/publisher/update. The logo is the file_url of an upload into 'publisher-logo'.
 */
export const publisherFormSchema = z.object({
  name: requiredText().max(PUBLISHER_LIMITS.nameMax, { error: PUBLISHER_INFO_MESSAGES.nameMaxed }),
  logo: z.string().trim().min(1, { error: MESSAGES.required }).nullable().optional(),
  description: requiredText().max(PUBLISHER_LIMITS.descriptionMax, {
    error: MESSAGES.descriptionMaxed,
  }),
  website: websiteSchema.nullable().optional(),
  support_email: emailSchema,
  default_markup_percent: markupPercentSchema.optional(),
});
export type PublisherForm = z.infer<typeof publisherFormSchema>;

export const publisherUpdateSchema = publisherFormSchema.partial();
export type PublisherUpdate = z.infer<typeof publisherUpdateSchema>;

/** The publisher's own record, as Publisher Information shows it. */
export const publisherInfoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The referral code of the public landing link (generated, never edited). */
  code: z.string(),
  /** /public/marketplace/{code}-{name}, see publicMarketplacePath. */
  landing_path: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  support_email: z.string().nullable(),
  default_markup_percent: z.number().int(),
  created_at: z.string(),
});
export type PublisherInfo = z.infer<typeof publisherInfoSchema>;

/** GET /api/publisher/info: null while the admin has not created the publisher yet. */
export const publisherInfoResponseSchema = z.object({ data: publisherInfoSchema.nullable() });
export type PublisherInfoResponse = z.infer<typeof publisherInfoResponseSchema>;

/** POST /api/publisher/create and /update answer the message and the saved record. */
export const publisherSaveResponseSchema = z.object({
  message: z.string(),
  data: publisherInfoSchema,
});
export type PublisherSaveResponse = z.infer<typeof publisherSaveResponseSchema>;

/**
 * The public landing path of a publisher (spec §2: the name is the last dash-separated piece, so
 * dashes inside the name are sent as spaces).
 */
export function publicMarketplacePath(code: string, name: string): string {
  const safeName = name.replace(/-/g, ' ').trim();
  return `/public/marketplace/${encodeURIComponent(code)}-${encodeURIComponent(safeName)}`;
}

export const publisherInfoPath = '/api/publisher/info';
export const publisherCreatePath = '/api/publisher/create';
export const publisherUpdatePath = '/api/publisher/update';
