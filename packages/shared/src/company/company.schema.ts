import { z } from 'zod';
import { companySchema } from '../auth/user.schema';
import { BILLING_MESSAGES } from '../billing/billing-constants';
import { capacityFormSchema } from '../billing/capacity.schema';
import { MESSAGES } from '../validation/messages';

/** Spec §5 "Company form" and §5 "Other": the process texts' limits. */
export const COMPANY_LIMITS = {
  description: 1500,
  fieldTeamProcess: 5000,
  phoneProcess: 5000,
} as const;

export const COMPANY_MESSAGES = {
  fieldTeamProcessMaxed: `Field Team Process cannot have more than ${COMPANY_LIMITS.fieldTeamProcess} characters.`,
  phoneProcessMaxed: `Phone Process cannot have more than ${COMPANY_LIMITS.phoneProcess} characters.`,
  updated: 'Company updated successfully',
  alreadyHasCompany: 'Your account already has a company.',
} as const;

const requiredText = () =>
  z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });

/** Reference-list ids (timezones, industries, types, trades) are the seed's integers. */
const referenceId = () =>
  z.number({ error: MESSAGES.required }).int({ error: MESSAGES.selectValidValue }).positive({
    error: MESSAGES.selectValidValue,
  });

const optionalProcess = (max: number, message: string) =>
  z.string().trim().max(max, { error: message }).nullable().optional();

/**
 * Spec §5 "Company form" as sent to POST /api/company/create. City, state and zipcode come from the
 * chosen address suggestion, so they are required although the user never types them.
 */
export const companyFormSchema = z.object({
  name: requiredText(),
  street_address: requiredText(),
  city: requiredText(),
  state: requiredText(),
  zipcode: requiredText(),
  country: z.string().trim().nullable().optional(),
  county: z.string().trim().nullable().optional(),
  lat: z.number({ error: MESSAGES.invalidValue }).min(-90).max(90).nullable().optional(),
  lng: z.number({ error: MESSAGES.invalidValue }).min(-180).max(180).nullable().optional(),
  timezone_id: referenceId(),
  industry_id: referenceId(),
  type_id: referenceId(),
  trade_ids: z
    .array(referenceId(), { error: MESSAGES.required })
    .min(1, { error: MESSAGES.required }),
  description: requiredText().max(COMPANY_LIMITS.description, {
    error: MESSAGES.descriptionMaxed,
  }),
  field_team_process: optionalProcess(
    COMPANY_LIMITS.fieldTeamProcess,
    COMPANY_MESSAGES.fieldTeamProcessMaxed,
  ),
  phone_process: optionalProcess(COMPANY_LIMITS.phoneProcess, COMPANY_MESSAGES.phoneProcessMaxed),
  /** The file_url of a finished upload into the 'company-logo' folder (spec §7 uploads). */
  logo: z.string().trim().min(1, { error: MESSAGES.required }).nullable().optional(),
});

/**
 * POST /api/company/create: the form plus the referral code a public marketplace link stored. A
 * known code makes the company that publisher's client; an unknown one is ignored.
 */
export const companyCreateBodySchema = companyFormSchema.extend({
  referral_code: z.string().trim().max(100, { error: MESSAGES.invalidValue }).nullable().optional(),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;

const capacityFields = capacityFormSchema.shape;

/** True when an update body carries the capacity form (spec §7: {soft_capacity, hard_capacity}). */
export function isCapacityUpdate(body: {
  soft_capacity?: unknown;
  hard_capacity?: unknown;
  [field: string]: unknown;
}) {
  return body.soft_capacity !== undefined || body.hard_capacity !== undefined;
}

/**
 * POST /api/company/update sends only the fields that changed, each under the same rules; or the
 * capacity form, {soft_capacity, hard_capacity} under spec §5 "Capacity": soft is required as soon
 * as either is sent, an empty hard arrives as null (absent counts as null: the form always sends
 * the pair), and hard must be greater than soft.
 */
export const companyUpdateSchema = companyFormSchema
  .partial()
  .extend({
    soft_capacity: capacityFields.soft_capacity.optional(),
    hard_capacity: capacityFields.hard_capacity.optional(),
    share_bot_examples: z.boolean({ error: MESSAGES.invalidValue }).optional(),
  })
  .superRefine((body, ctx) => {
    if (!isCapacityUpdate(body)) return;
    const { soft_capacity: soft, hard_capacity: hard } = body;
    // Each field's own rules (type, minimum) are reported by its schema above; only the pair's
    // rules are added here, once: soft is required with hard, and hard must exceed soft.
    if (soft === undefined) {
      ctx.addIssue({ code: 'custom', path: ['soft_capacity'], message: MESSAGES.required });
      return;
    }
    const checked = capacityFormSchema.safeParse({
      soft_capacity: soft,
      hard_capacity: hard ?? null,
    });
    const issues = checked.error?.issues ?? [];
    // A field that breaks its own rule is reported once, by its own schema.
    const pairRule = BILLING_MESSAGES.hardGreaterThanSoft;
    if (issues.some((issue) => issue.message !== pairRule)) return;
    if (issues.length > 0)
      ctx.addIssue({ code: 'custom', path: ['hard_capacity'], message: pairRule });
  });

export const companyCreateResponseSchema = z.object({ data: companySchema });
export const companyUpdateResponseSchema = z.object({ message: z.string() });

export type CompanyForm = z.infer<typeof companyFormSchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
export type CompanyCreateResponse = z.infer<typeof companyCreateResponseSchema>;
