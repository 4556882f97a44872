import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/** Bot results written back to the CRM (ADR 032): the per-bot switch and the integration's state. */
export const CRM_WRITEBACK_MESSAGES = {
  saved: 'Write-back setting saved.',
  botNotFound: 'Bot not found.',
  notConnected: 'Connect a CRM before writing results to it.',
} as const;

/** One subscribed bot and whether its results are written to the CRM. */
export const crmWritebackBotSchema = z.object({
  bot_id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
});
export type CrmWritebackBot = z.infer<typeof crmWritebackBotSchema>;

/** Write-backs that gave up since the last successful one (cleared by the next success). */
export const crmWritebackFailureSchema = z.object({
  count: z.number().int().min(1),
  last_error: z.string(),
  /** ISO time of the latest failure. */
  last_failed_at: z.string(),
});
export type CrmWritebackFailure = z.infer<typeof crmWritebackFailureSchema>;

/** The write-back routes (the integrations tab's panel). */
export const CRM_WRITEBACK_PATH = '/api/crm-writeback';
export const CRM_WRITEBACK_DEMO_NOTES_PATH = `${CRM_WRITEBACK_PATH}/demo-notes`;
export const crmWritebackBotPath = (botId: string) =>
  `${CRM_WRITEBACK_PATH}/bots/${encodeURIComponent(botId)}`;

/** GET /api/crm-writeback: the connected CRM (null: none), the subscribed bots' switches, failures. */
export const crmWritebackStatusSchema = z.object({
  integration: z
    .object({ integration_id: z.number().int(), slug: z.string(), name: z.string() })
    .nullable(),
  bots: z.array(crmWritebackBotSchema),
  failure: crmWritebackFailureSchema.nullable(),
});
export type CrmWritebackStatus = z.infer<typeof crmWritebackStatusSchema>;
export const crmWritebackStatusResponseSchema = z.object({ data: crmWritebackStatusSchema });

/** PUT /api/crm-writeback/bots/{bot_id}. */
export const crmWritebackBotParamsSchema = z.object({
  bot_id: z.uuid({ error: CRM_WRITEBACK_MESSAGES.botNotFound }),
});
export const updateCrmWritebackRequestSchema = z.object({
  enabled: z.boolean({ error: MESSAGES.invalidValue }),
});
export type UpdateCrmWritebackRequest = z.infer<typeof updateCrmWritebackRequestSchema>;
export const updateCrmWritebackResponseSchema = z.object({
  message: z.string(),
  data: crmWritebackBotSchema,
});

/** GET /api/crm-writeback/demo-notes: the latest notes the Demo CRM holds for the company. */
export const demoCrmNoteSchema = z.object({
  id: z.uuid(),
  target_kind: z.enum(['job', 'customer']),
  target_external_id: z.string(),
  text: z.string(),
  /** ISO time of the last write (an update edits the note in place). */
  updated_at: z.string(),
});
export type DemoCrmNote = z.infer<typeof demoCrmNoteSchema>;
export const demoCrmNotesResponseSchema = z.object({ data: z.array(demoCrmNoteSchema) });

/** The card's line for failures, e.g. "Couldn't write 3 results to ServiceTitan: …". */
export function crmWritebackFailureSentence(failure: CrmWritebackFailure, crmName: string): string {
  const results = failure.count === 1 ? '1 result' : `${failure.count} results`;
  return `Couldn't write ${results} to ${crmName}: ${failure.last_error}`;
}
