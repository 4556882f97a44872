import { z } from 'zod';
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
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  latLng: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  timezones: idNameSchema.nullable(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  industry_id: z.number().nullable(),
  type_id: z.number().nullable(),
  trades: z.array(z.number()),
  field_team_process: z.string().nullable(),
  phone_process: z.string().nullable(),
  soft_capacity: z.number().nullable(),
  hard_capacity: z.number().nullable(),
  is_billing_connected: z.boolean(),
  is_crm_connected: z.boolean(),
  is_payment_due: z.boolean(),
});

export const publisherSchema = z.object({ id: z.string(), name: z.string() });

/** Spec §3 "Logged-in user": what GET /api/user/me returns, and nothing more. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  phone: z.string().nullable(),
  crm_user_id: z.string().nullable(),
  role: roleSchema,
  display_mode: z.enum(DISPLAY_MODES),
  created_at: z.string(),
  company: companySchema.nullable(),
  publisher: publisherSchema.nullable(),
  permissions: z.array(permissionSchema),
  intercom_company_id: z.string().nullable(),
  intercom_id: z.string(),
  intercom_hash: z.string(),
});

export const userResponseSchema = z.object({ data: userSchema });

export type Role = z.infer<typeof roleSchema>;
export type Company = z.infer<typeof companySchema>;
export type Publisher = z.infer<typeof publisherSchema>;
export type User = z.infer<typeof userSchema>;
