// zod/mini, not classic zod: the login page loads these schemas (see validation/validators.ts).
import * as z from 'zod/mini';
import { CONSENT_METHODS } from '../consent/consent-rules';
import { DISPLAY_MODES } from '../constants';
import { MODULES } from './permissions';
import { ROLE_ALIASES } from './roles';

export const roleSchema = z.object({
  alias: z.enum(ROLE_ALIASES as [string, ...string[]]),
  title: z.string(),
});

export const permissionSchema = z.object({ name: z.string(), module: z.enum(MODULES) });

export const idNameSchema = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  street_address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zipcode: z.nullable(z.string()),
  country: z.nullable(z.string()),
  latLng: z.nullable(z.object({ lat: z.number(), lng: z.number() })),
  timezones: z.nullable(idNameSchema),
  logo: z.nullable(z.string()),
  description: z.nullable(z.string()),
  industry_id: z.nullable(z.number()),
  type_id: z.nullable(z.number()),
  trades: z.array(z.number()),
  field_team_process: z.nullable(z.string()),
  phone_process: z.nullable(z.string()),
  soft_capacity: z.nullable(z.number()),
  hard_capacity: z.nullable(z.number()),
  is_billing_connected: z.boolean(),
  is_crm_connected: z.boolean(),
  is_payment_due: z.boolean(),
  /** Reviewers' marks reach bot publishers as redacted sentences (off until an admin allows it). */
  share_bot_examples: z.boolean(),
  /** How the customer's consent to a field recording is taken (the recorder asks accordingly). */
  consent_method: z.enum(CONSENT_METHODS),
});

export const publisherSchema = z.object({ id: z.string(), name: z.string() });

/** Spec §3 "Logged-in user": what GET /api/user/me returns, and nothing more. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  crm_user_id: z.nullable(z.string()),
  role: roleSchema,
  display_mode: z.enum(DISPLAY_MODES),
  created_at: z.string(),
  company: z.nullable(companySchema),
  publisher: z.nullable(publisherSchema),
  permissions: z.array(permissionSchema),
  intercom_company_id: z.nullable(z.string()),
  intercom_id: z.string(),
  intercom_hash: z.string(),
});

export const userResponseSchema = z.object({ data: userSchema });

export type Role = z.infer<typeof roleSchema>;
export type Company = z.infer<typeof companySchema>;
export type Publisher = z.infer<typeof publisherSchema>;
export type User = z.infer<typeof userSchema>;
