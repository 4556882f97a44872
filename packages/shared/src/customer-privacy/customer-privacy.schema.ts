import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/** What the customer page's Privacy section says (one source for the server and the page). */
export const CUSTOMER_PRIVACY_MESSAGES = {
  doNotRecordOn: 'This customer will not be recorded.',
  doNotRecordOff: 'This customer may be recorded again.',
  legalHoldOn: 'Legal hold on: retention will not delete this customer’s recordings.',
  legalHoldOff: 'Legal hold off.',
  nothingToChange: 'Choose a setting to change.',
  confirmNameMismatch: "Type the customer's name exactly to confirm.",
  deletionQueued: 'Deletion queued. The customer’s data is being deleted.',
  deletionUnderLegalHold: 'This customer is under legal hold. Lift the hold before deleting.',
  requestNotFound: 'Privacy request not found.',
} as const;

/** The help text of the "Do not record" switch (also the reason Record Visit shows). */
export const DO_NOT_RECORD_HELP =
  'Record Visit is turned off for this customer and uploads for them are refused.';
export const LEGAL_HOLD_HELP =
  'Retention never deletes this customer’s audio, transcripts or bot results while the hold is on.';

/** Rows read per query while a customer is exported or deleted: memory stays flat. */
export const CUSTOMER_PRIVACY_BATCH = 200;

export const customerPrivacyPath = (customerId: string) =>
  `/api/company/customer/${customerId}/privacy`;
export const customerExportPath = (customerId: string) =>
  `/api/company/customer/${customerId}/export`;
export const customerDeletionPath = (customerId: string) =>
  `/api/company/customer/${customerId}/deletion`;
export const privacyRequestPath = (requestId: string) =>
  `/api/company/privacy-requests/${requestId}`;

export const customerPrivacyParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
});

/** PATCH …/privacy: either flag or both; at least one. */
export const customerPrivacyFlagsRequestSchema = z
  .object({
    do_not_record: z.boolean({ error: MESSAGES.invalidValue }).optional(),
    legal_hold: z.boolean({ error: MESSAGES.invalidValue }).optional(),
  })
  .refine((body) => body.do_not_record !== undefined || body.legal_hold !== undefined, {
    message: CUSTOMER_PRIVACY_MESSAGES.nothingToChange,
    path: ['do_not_record'],
  });
export type CustomerPrivacyFlagsRequest = z.infer<typeof customerPrivacyFlagsRequestSchema>;

export const customerPrivacyFlagsSchema = z.object({
  do_not_record: z.boolean(),
  legal_hold: z.boolean(),
});
export type CustomerPrivacyFlags = z.infer<typeof customerPrivacyFlagsSchema>;
export const customerPrivacyFlagsResponseSchema = z.object({
  message: z.string(),
  data: customerPrivacyFlagsSchema,
});

/**
 * POST …/deletion: the admin types the customer's name. Compared exactly (case and spaces) on the
 * server, so the confirmation is about this customer and no other.
 */
export const customerDeletionRequestSchema = z.object({
  confirm_name: z
    .string({ error: CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch })
    .min(1, CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch)
    .max(500, CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch),
});
export type CustomerDeletionRequest = z.infer<typeof customerDeletionRequestSchema>;

/** True when what was typed confirms this name (the page enables its button on the same rule). */
export const confirmsCustomerName = (typed: string, name: string) => typed === name;

export const PRIVACY_REQUEST_KINDS = [
  'customer_export',
  'customer_deletion',
  'company_deletion',
] as const;
export const PRIVACY_REQUEST_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** A privacy request as its status page reads it: counts only, never the data it was about. */
export const privacyRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  counts: z.record(z.string(), z.number()),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export const privacyRequestResponseSchema = z.object({
  message: z.string().optional(),
  data: privacyRequestSchema,
});
export const privacyRequestParamsSchema = z.object({
  id: z.uuid({ error: MESSAGES.invalidValue }),
});

/** The export's file name: no customer name in it (it travels in logs and download folders). */
export const customerExportFileName = (customerId: string, now: Date) =>
  `customer-${customerId.slice(0, 8)}-${now.toISOString().slice(0, 10)}.zip`;
