import { z } from 'zod';
import {
  blankToUndefined,
  keywordSchema,
  pageSchema,
  SORT_DIRECTIONS,
} from '../interactions/interaction.schema';
import { MESSAGES } from '../validation/messages';
import {
  CARD_TYPES,
  INVOICE_SORT_FIELDS,
  TRANSACTION_FILTER_STATUSES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUSES,
} from './billing-constants';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/**
 * GET /api/company/create-setup-intent: the card form's client_secret (spec §7), and which form
 * to show: Stripe's Payment Element with the publishable key, or the built-in sandbox form.
 */
export const setupIntentResponseSchema = z.object({
  data: z.object({
    client_secret: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    publishable_key: z.string().nullable(),
  }),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** 'MM/YYYY' as spec §3 "Payment method" expiry_date shows it. */
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/\d{4}$/;

/**
 * POST /api/company/payment-method (spec §7): what the card form reports after the provider
 * confirmed the setup. The server trusts only source_id and reads brand, last four and expiry
 * back from the provider.
 */
export const paymentMethodBodySchema = z.object({
  card_type: z.enum(CARD_TYPES, { error: MESSAGES.selectValidValue }),
  card_number: z.string().regex(/^\d{4}$/, { error: MESSAGES.invalidValue }),
  expiry_date: z.string().regex(EXPIRY_PATTERN, { error: MESSAGES.invalidValue }),
  source_id: z.string().trim().min(1, { error: MESSAGES.required }).max(255),
  customer_name: z.string().trim().max(100).optional(),
});
export type PaymentMethodBody = z.infer<typeof paymentMethodBodySchema>;

/** Spec §3 "Payment method": the saved card, or null ('No Payment Method added.'). */
export const paymentMethodSchema = z.object({
  card_type: z.enum(CARD_TYPES),
  card_number: z.string(),
  customer_name: z.string().nullable(),
  expiry_date: z.string(),
  source_id: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodResponseSchema = z.object({ data: paymentMethodSchema.nullable() });
export const paymentMethodSavedResponseSchema = z.object({
  message: z.string(),
  data: paymentMethodSchema,
});

/**
 * The built-in sandbox's stand-in for Stripe.js confirmCardSetup: the card form posts the card
 * here (never to our own API), the sandbox answers with a payment method id or a card error.
 * POST /api/payments/sandbox/confirm-setup.
 */
export const sandboxConfirmSetupBodySchema = z.object({
  client_secret: z.string().min(1).max(255),
  number: z.string().trim().min(1).max(30),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().trim().min(1).max(4),
  name: z.string().trim().max(100).optional(),
});
export type SandboxConfirmSetupBody = z.infer<typeof sandboxConfirmSetupBodySchema>;
export const sandboxConfirmSetupResponseSchema = z.object({
  data: z.object({
    payment_method: z.string(),
    card_type: z.enum(CARD_TYPES),
    card_number: z.string(),
    expiry_date: z.string(),
  }),
});

/** The month picker's value (spec §2: MM/01/YYYY) as a filter. */
export const monthFilterSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/01\/\d{4}$/, { error: MESSAGES.invalidValue })
    .optional(),
);

const sortBy = <T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) =>
  z.preprocess(
    blankToUndefined,
    z.enum(fields, { error: MESSAGES.selectValidValue }).default(fallback as never),
  );
const direction = z.preprocess(
  blankToUndefined,
  z.enum(SORT_DIRECTIONS, { error: MESSAGES.selectValidValue }).default('desc'),
);

/** GET /api/company/invoices (spec §7: page, keyword, date, sort, direction). */
export const invoiceListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  date: monthFilterSchema,
  sort: sortBy(INVOICE_SORT_FIELDS, 'date'),
  direction,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** Spec §3 "Invoice". Amounts are integer cents. */
export const invoiceSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  date: z.string(),
  total_amount: z.number().int(),
  invoice_url: z.string(),
  status: z.enum(['open', 'paid', 'failed']),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListResponseSchema = z.object({
  data: z.object({ items: z.array(invoiceSchema), total: z.number().int() }),
});
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/** status[] arrives as status=success&status=failed or status[]=…; one value is a list of one. */
const statusList = z.preprocess(
  (value) =>
    value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value],
  z.array(z.enum(TRANSACTION_FILTER_STATUSES, { error: MESSAGES.selectValidValue })).optional(),
);

/** GET /api/company/payment-transactions (spec §7: page, keyword, date, status[], sort, direction). */
export const transactionListQuerySchema = z.object({
  page: pageSchema,
  keyword: keywordSchema,
  date: monthFilterSchema,
  status: statusList,
  'status[]': statusList,
  sort: sortBy(TRANSACTION_SORT_FIELDS, 'payment_date'),
  direction,
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/** Spec §3 "Payment transaction". */
export const transactionSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  amount: z.number().int(),
  card_number: z.string().nullable(),
  payment_date: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  failure_message: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListResponseSchema = z.object({
  data: z.object({ items: z.array(transactionSchema), total: z.number().int() }),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

export const transactionParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });
export const invoiceParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidValue }) });

/** GET /api/company/pay-now/{id}: the message toast (spec §8 "Payment"). */
export const payNowResponseSchema = z.object({ message: z.string() });
