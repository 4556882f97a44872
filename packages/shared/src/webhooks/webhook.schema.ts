import { z } from 'zod';
import { outputTagSchema } from '../bots/bot-result.schema';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
} from './webhook-constants';

const uuid = z.uuid();
const isoTime = z.string();

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export const webhookMessageTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);

/** enabled, or disabled by an admin or after deliveries kept failing (the admin was e-mailed). */
export const WEBHOOK_ENDPOINT_STATUSES = [
  'enabled',
  'disabled',
  'disabled_after_failures',
] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** One endpoint as the settings page lists it. The secret is never part of it. */
export const webhookEndpointSchema = z.object({
  id: uuid,
  url: z.string(),
  description: z.string(),
  event_types: z.array(webhookEventTypeSchema),
  /** disabled_after_failures: turned off automatically, and the admins e-mailed. */
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  disabled_at: isoTime.nullable(),
  /** While set and in the future, deliveries carry the previous secret's signature too. */
  previous_secret_expires_at: isoTime.nullable(),
  created_at: isoTime,
  last_delivery: z
    .object({ status: z.enum(['delivered', 'failed']), attempted_at: isoTime })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListResponseSchema = z.object({ data: z.array(webhookEndpointSchema) });
export const webhookEndpointResponseSchema = z.object({
  message: z.string().optional(),
  data: webhookEndpointSchema,
});

export const webhookEndpointParamsSchema = z.object({ id: uuid });

/** POST /api/webhooks and PUT /api/webhooks/{id}. The URL's address is checked on the server. */
export const saveWebhookEndpointRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), WEBHOOK_MESSAGES.urlInvalid),
  description: z.string().trim().max(200).default(''),
  event_types: z
    .array(webhookEventTypeSchema)
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((list) => [...new Set(list)]),
});
export type SaveWebhookEndpointRequest = z.input<typeof saveWebhookEndpointRequestSchema>;

/** PUT /api/webhooks/{id}/status: an admin enables (resets the failure state) or disables. */
export const webhookStatusRequestSchema = z.object({ enabled: z.boolean() });

/** GET /api/webhooks/{id}/secret: revealed on demand (and after a rotation). */
export const webhookSecretResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    /** whsec_ + base64 of 32 random bytes (Standard Webhooks). */
    secret: z.string(),
    previous_secret_expires_at: isoTime.nullable(),
  }),
});

export const webhookMessageResponseSchema = z.object({ message: z.string() });

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** One attempt of one message (the delivery log). */
export const webhookDeliverySchema = z.object({
  id: uuid,
  /** The webhook-id header: the same on every attempt of a message. */
  message_id: z.string(),
  event_type: webhookMessageTypeSchema,
  attempt: z.number().int().min(1),
  status: z.enum(['delivered', 'failed']),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, network error). */
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0),
  attempted_at: isoTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  data: z.array(webhookDeliverySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.literal(WEBHOOK_DELIVERIES_PAGE_SIZE),
    total: z.number().int(),
  }),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

// ---- What receivers get: `{ type, timestamp, data }` (Standard Webhooks payload structure). ----

export const interactionCompletedDataSchema = z.object({
  interaction_id: uuid,
  customer_id: uuid,
  job_id: uuid.nullable(),
  type: z.enum(['field-recording', 'csr-call']),
  call_type: z.enum(['Booked', 'Unbooked']).nullable(),
  /** Opens the interaction in Fieldbot (the reader must be logged in). */
  url: z.string(),
});

export const botResultCompletedDataSchema = z.object({
  result_id: uuid,
  run_id: uuid,
  bot_id: uuid,
  bot_name: z.string(),
  /** The run's target: an interaction, or a customer (with the job that triggered the run). */
  interaction_id: uuid.nullable(),
  customer_id: uuid.nullable(),
  job_id: uuid.nullable(),
  output_tags: z.array(outputTagSchema),
  /** The interaction's page, or the customer's when the bot ran on a customer. */
  url: z.string().nullable(),
});

export const alertFiredDataSchema = z.object({
  alert_id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  condition: z.string(),
  summary: z.string(),
  interaction_id: z.string().nullable(),
  bot_result_id: z.string().nullable(),
  job_id: z.string().nullable(),
  evidence_seconds: z.number().nullable(),
  fired_at: isoTime,
});

export const webhookTestDataSchema = z.object({
  endpoint_id: uuid,
  message: z.string(),
});

const payload = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data });

/** The JSON body of every delivery, by type. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  payload('interaction.completed', interactionCompletedDataSchema),
  payload('bot_result.completed', botResultCompletedDataSchema),
  payload('alert.fired', alertFiredDataSchema),
  payload(WEBHOOK_TEST_EVENT, webhookTestDataSchema),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
