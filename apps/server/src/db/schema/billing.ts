import {
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_PROVIDERS,
  TRANSACTION_STATUSES,
} from '@fieldbot/shared';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bots } from './bots.js';
import { companies } from './organisations.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The company's customer at the payment provider (Stripe customer or sandbox customer). */
export const paymentCustomers = pgTable('payment_customers', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: createdAt(),
});

/**
 * Saved cards: only what spec §3 shows (brand, last four, expiry, name) and the provider's id;
 * the default one is charged. Never a full number or a CVC.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    cardType: text('card_type').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    customerName: text('customer_name'),
    isDefault: integer('is_default').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_idx').on(t.companyId, t.providerMethodId),
    index('payment_methods_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The built-in sandbox provider's own objects (customers, setup intents, payment methods,
 * payment intents), kept in the database so every process and restart sees them. `data` holds
 * what Stripe would: brand, last four, expiry and the test card's behaviour, never the number.
 */
export const sandboxPaymentObjects = pgTable(
  'sandbox_payment_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['customer', 'setup_intent', 'payment_method', 'payment_intent'],
    }).notNull(),
    customerId: text('customer_id'),
    /** Makes a repeated create (same key) return the first object, like Stripe's Idempotency-Key. */
    idempotencyKey: text('idempotency_key').unique(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_payment_objects_customer_idx').on(t.customerId, t.kind)],
);

export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1001 });

/** One invoice per company and billing month (the close job's idempotency key). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in the company's timezone. */
    period: text('period').notNull(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    /** Token of the printable invoice page's address (no session needed to print it). */
    viewToken: text('view_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_company_period_idx').on(t.companyId, t.period),
    index('invoices_company_issued_idx').on(t.companyId, t.issuedAt),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    /** Minutes, or runs. */
    quantity: integer('quantity').notNull(),
    /** Unit price in millicents (a run's client cost can be a fraction of a cent). */
    unitMillicents: bigint('unit_millicents', { mode: 'number' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_position_idx').on(t.invoiceId, t.position)],
);

/** Each charge attempt of an invoice (monthly charge, Pay Now). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    cardType: text('card_type'),
    cardLast4: text('card_last4'),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureMessage: text('failure_message'),
    /** Sent to the provider as its idempotency key: a retried job never charges twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_transactions_company_idx').on(t.companyId, t.paymentDate),
    index('payment_transactions_invoice_idx').on(t.invoiceId),
    index('payment_transactions_provider_idx').on(t.providerPaymentId),
  ],
);

/** Webhook events already applied (a replayed event is acknowledged and ignored). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Soft-capacity e-mails sent: one per company, month and threshold (50, 80, 100). */
export const capacityAlerts = pgTable(
  'capacity_alerts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.period, t.threshold] })],
);
