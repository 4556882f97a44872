import { z } from 'zod';
import {
  INTEGRATION_FIELD_TYPES,
  INTEGRATION_MESSAGES,
  SYNC_PROCESS_STATUSES,
} from './integration-constants';

/** One entry of required_fields (spec §3). `required` arrives as a boolean or 0/1. */
export const integrationFieldSchema = z.object({
  name: z.string().min(1),
  label: z.string().optional(),
  type: z.enum(INTEGRATION_FIELD_TYPES).catch('text'),
  placeholder: z.string().nullable().optional(),
  required: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});
export type IntegrationField = z.infer<typeof integrationFieldSchema>;

/** required_fields may arrive as JSON text (spec §3): both forms parse to the list. */
export const requiredFieldsSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.array(integrationFieldSchema));

const syncProcessStatusSchema = z.enum(SYNC_PROCESS_STATUSES).nullable();

/**
 * One row of GET /api/integration (spec §3): the catalogue entry with this company's connection.
 * id and integration_id are both the catalogue id (the client posts integration_id).
 */
export const integrationListItemSchema = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  sub_title: z.string().nullable(),
  group_type: z.string(),
  logo: z.string().nullable(),
  dark_logo: z.string().nullable(),
  /** 1 once credentials are saved. */
  connected_status: z.union([z.literal(0), z.literal(1)]),
  /** 'on' while scheduled syncs run for the company. */
  sync_status: z.enum(['on', 'off']).nullable(),
  sync_process_status: syncProcessStatusSchema,
  /** ISO time of the last successful sync, null before the first. */
  last_synced_at: z.string().nullable(),
  /** Why the last sync failed, in a sentence for the admin (null unless sync_process_status is fail). */
  last_sync_error: z.string().nullable(),
});
export type IntegrationListItem = z.infer<typeof integrationListItemSchema>;
export const integrationListResponseSchema = z.object({ data: z.array(integrationListItemSchema) });
export type IntegrationListResponse = z.infer<typeof integrationListResponseSchema>;

/** GET /api/integration/{id}: the fields and the saved values, secrets as MASKED_SECRET. */
export const integrationDetailSchema = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  required_fields: requiredFieldsSchema,
  values: z.record(z.string(), z.string()).nullable(),
  connected_status: z.union([z.literal(0), z.literal(1)]),
  sync_status: z.enum(['on', 'off']).nullable(),
  sync_process_status: syncProcessStatusSchema,
});
export type IntegrationDetail = z.infer<typeof integrationDetailSchema>;
export const integrationDetailResponseSchema = z.object({ data: integrationDetailSchema });

/** POST /api/integration: the dialog's values (field rules: validateIntegrationValues). */
export const saveIntegrationRequestSchema = z.object({
  integration_id: z.coerce.number().int().positive(),
  values: z.record(z.string(), z.string().max(2000)),
});
export type SaveIntegrationRequest = z.infer<typeof saveIntegrationRequestSchema>;
export const saveIntegrationResponseSchema = z.object({
  message: z.string(),
  data: integrationDetailSchema,
});

/** POST /api/integration/sync: a missing id answers 'Integration ID Not Found' (spec §8). */
export const syncIntegrationRequestSchema = z.object({
  integration_id: z.coerce.number({ error: INTEGRATION_MESSAGES.idNotFound }).int().positive({
    error: INTEGRATION_MESSAGES.idNotFound,
  }),
});
export type SyncIntegrationRequest = z.infer<typeof syncIntegrationRequestSchema>;
export const syncIntegrationResponseSchema = z.object({
  message: z.string(),
  data: integrationListItemSchema,
});

/** GET /api/integration's optional filter (spec §7 "optional query"). */
export const integrationListQuerySchema = z.object({
  group_type: z.string().trim().min(1).max(100).optional(),
});

/** The {id} of GET /api/integration/{id}: a catalogue id; anything else is 'Integration ID Not Found'. */
export const integrationIdParamsSchema = z.object({
  id: z.coerce.number({ error: INTEGRATION_MESSAGES.idNotFound }).int().positive({
    error: INTEGRATION_MESSAGES.idNotFound,
  }),
});
