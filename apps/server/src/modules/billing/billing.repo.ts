import {
  PAGE_SIZE,
  ROLE,
  type InvoiceLineKind,
  type InvoiceStatus,
  type PaymentProviderKind,
  type SortDirection,
  type TransactionStatus,
} from '@fieldbot/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  companies,
  invoiceLines,
  invoices,
  paymentCustomers,
  paymentEvents,
  paymentMethods,
  paymentTransactions,
  roles,
  timezones,
  users,
} from '../../db/schema/index.js';
import { likePattern } from '../interactions/interactions.repo.js';

/** The zone of a company without one (spec §5 lists US zones first; the demo data is Eastern). */
export const DEFAULT_TIMEZONE = 'America/New_York';

export type InvoiceRow = typeof invoices.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;

export interface NewInvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  botId: string | null;
  quantity: number;
  unitMillicents: number;
  amountCents: number;
}

export interface NewInvoice {
  companyId: string;
  period: string;
  periodStart: Date;
  periodEnd: Date;
  /** The close's instant: the invoice date. */
  issuedAt: Date;
  totalCents: number;
  status: InvoiceStatus;
  viewToken: string;
  lines: NewInvoiceLine[];
}

/** The card a charge uses: the company's provider customer and its default saved card. */
export interface ChargeCard {
  customerId: string;
  providerMethodId: string;
  cardType: string;
  last4: string;
}

/** What the locked invoice looks like to the code deciding whether to charge it. */
export interface ChargeState {
  invoice: InvoiceRow;
  transactions: TransactionRow[];
  card: ChargeCard | null;
}

export interface NewTransaction {
  amountCents: number;
  cardType: string | null;
  cardLast4: string | null;
  status: TransactionStatus;
  provider: PaymentProviderKind;
  failureMessage: string | null;
  idempotencyKey: string;
  paymentDate: Date;
}

/** The decision taken under the invoice's row lock. */
export type ChargeDecision =
  | { kind: 'none'; markPaid?: boolean }
  | { kind: 'insert'; transaction: NewTransaction; invoiceStatus?: InvoiceStatus; due?: boolean }
  | { kind: 'resume'; transaction: TransactionRow };

export interface ListRange {
  start: Date;
  end: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const by = (direction: SortDirection, column: AnyPgColumn | SQL) =>
  direction === 'asc' ? asc(column) : desc(column);

async function defaultCard(db: Db | Tx, companyId: string): Promise<ChargeCard | null> {
  const [row] = await db
    .select({
      customerId: paymentCustomers.customerId,
      providerMethodId: paymentMethods.providerMethodId,
      cardType: paymentMethods.cardType,
      last4: paymentMethods.last4,
    })
    .from(paymentMethods)
    .innerJoin(paymentCustomers, eq(paymentCustomers.companyId, paymentMethods.companyId))
    .where(eq(paymentMethods.companyId, companyId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
    .limit(1);
  return row ?? null;
}

/** Payment due while any invoice of the company stands failed. */
async function settleCompanyDue(tx: Tx, companyId: string): Promise<boolean> {
  const [row] = await tx
    .update(companies)
    .set({
      isPaymentDue: sql`exists (select 1 from ${invoices} where ${invoices.companyId} = ${companyId} and ${invoices.status} = 'failed')`,
    })
    .where(eq(companies.id, companyId))
    .returning({ due: companies.isPaymentDue });
  return row?.due ?? false;
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;

export function createBillingRepo(db: Db) {
  return {
    /** Companies with their billing zone; one company when `companyId` is given. */
    async companies(companyId?: string) {
      return db
        .select({
          id: companies.id,
          name: companies.name,
          createdAt: companies.createdAt,
          timeZone: sql<string>`coalesce(${timezones.iana}, ${DEFAULT_TIMEZONE})`,
        })
        .from(companies)
        .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
        .where(companyId ? eq(companies.id, companyId) : undefined)
        .orderBy(asc(companies.createdAt), asc(companies.id));
    },

    /**
     * Invoices of these periods, each with whether a charge was ever attempted (a close that
     * crashed after its commit has an open invoice and no attempt: it is still due).
     */
    async invoicesOfPeriods(periods: string[], companyId?: string) {
      if (periods.length === 0) return [];
      return db
        .select({
          companyId: invoices.companyId,
          period: invoices.period,
          status: invoices.status,
          invoiceNumber: invoices.invoiceNumber,
          totalCents: invoices.totalCents,
          attempted: sql<boolean>`exists (select 1 from ${paymentTransactions} where ${paymentTransactions.invoiceId} = ${invoices.id})`,
        })
        .from(invoices)
        .where(
          and(
            inArray(invoices.period, periods),
            companyId ? eq(invoices.companyId, companyId) : undefined,
          ),
        );
    },

    async invoiceOf(companyId: string, period: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), eq(invoices.period, period)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The invoice and its lines in one transaction, numbered from invoice_number_seq. A second
     * close of the same month (unique company + period) inserts nothing and gets the first one.
     */
    async createInvoice(input: NewInvoice): Promise<{ invoice: InvoiceRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const { lines, ...values } = input;
        const [inserted] = await tx
          .insert(invoices)
          .values({
            ...values,
            invoiceNumber: sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
          })
          .onConflictDoNothing({ target: [invoices.companyId, invoices.period] })
          .returning();
        if (!inserted) {
          const [existing] = await tx
            .select()
            .from(invoices)
            .where(and(eq(invoices.companyId, input.companyId), eq(invoices.period, input.period)));
          return { invoice: existing!, created: false };
        }
        if (lines.length > 0) {
          await tx
            .insert(invoiceLines)
            .values(lines.map((line, i) => ({ ...line, invoiceId: inserted.id, position: i + 1 })));
        }
        return { invoice: inserted, created: true };
      });
    },

    /**
     * Locks the invoice row (FOR UPDATE), so two charges of one invoice (a double-clicked Pay Now,
     * a retried job beside a click) decide one after the other, then records what `decide` chose.
     */
    async prepareCharge(
      invoiceId: string,
      decide: (state: ChargeState) => ChargeDecision,
    ): Promise<{
      state: ChargeState;
      decision: ChargeDecision;
      transaction: TransactionRow | null;
    }> {
      return db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(eq(invoices.id, invoiceId))
          .for('update');
        if (!invoice) throw new Error(`invoice ${invoiceId} not found`);
        const transactions = await tx
          .select()
          .from(paymentTransactions)
          .where(eq(paymentTransactions.invoiceId, invoiceId))
          .orderBy(asc(paymentTransactions.createdAt));
        const card = await defaultCard(tx, invoice.companyId);
        const state = { invoice, transactions, card };
        const decision = decide(state);
        if (decision.kind === 'none') {
          if (decision.markPaid && invoice.status !== 'paid') {
            await tx.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, invoiceId));
            await settleCompanyDue(tx, invoice.companyId);
          }
          return { state, decision, transaction: null };
        }
        if (decision.kind === 'resume')
          return { state, decision, transaction: decision.transaction };
        const [row] = await tx
          .insert(paymentTransactions)
          .values({ ...decision.transaction, companyId: invoice.companyId, invoiceId })
          .returning();
        if (decision.invoiceStatus) {
          await tx
            .update(invoices)
            .set({ status: decision.invoiceStatus })
            .where(eq(invoices.id, invoiceId));
        }
        if (decision.due) {
          await tx
            .update(companies)
            .set({ isPaymentDue: true })
            .where(eq(companies.id, invoice.companyId));
        }
        return { state, decision, transaction: row! };
      });
    },

    /**
     * Applies a charge's outcome to a transaction still processing (once: a webhook that got there
     * first wins), then the invoice and the company's payment-due flag. Null when nothing changed.
     */
    async finishTransaction(
      where: { id: string } | { providerPaymentId: string },
      outcome: {
        status: 'success' | 'failed' | 'processing';
        providerPaymentId: string | null;
        failureMessage: string | null;
      },
      at: Date,
    ): Promise<{ transaction: TransactionRow; due: boolean; changed: boolean } | null> {
      return db.transaction(async (tx) => {
        const match =
          'id' in where
            ? eq(paymentTransactions.id, where.id)
            : eq(paymentTransactions.providerPaymentId, where.providerPaymentId);
        const [current] = await tx.select().from(paymentTransactions).where(match).for('update');
        if (!current) return null;
        const unchanged = { transaction: current, due: false, changed: false };
        if (current.status === 'success') return unchanged;
        // A late failure never overrides a recorded one twice; only processing rows fail.
        if (outcome.status === 'failed' && current.status !== 'processing') return unchanged;
        if (
          outcome.status === 'processing' &&
          current.providerPaymentId === outcome.providerPaymentId
        )
          return unchanged;
        const [transaction] = await tx
          .update(paymentTransactions)
          .set({
            status: outcome.status,
            providerPaymentId: outcome.providerPaymentId ?? current.providerPaymentId,
            failureMessage: outcome.status === 'failed' ? outcome.failureMessage : null,
            paymentDate: at,
          })
          .where(eq(paymentTransactions.id, current.id))
          .returning();
        if (outcome.status === 'processing') {
          return { transaction: transaction!, due: false, changed: true };
        }
        await tx
          .update(invoices)
          .set({ status: outcome.status === 'success' ? 'paid' : 'failed' })
          .where(and(eq(invoices.id, current.invoiceId), sql`${invoices.status} <> 'paid'`));
        const due = await settleCompanyDue(tx, current.companyId);
        return { transaction: transaction!, due, changed: true };
      });
    },

    /** Records a webhook event id; false when it was recorded before (a replay). */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },

    async forgetEvent(id: string): Promise<void> {
      await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
    },

    async invoiceById(invoiceId: string): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
      return row ?? null;
    },

    /** A transaction of this company, or null (another tenant's is indistinguishable from none). */
    async transactionOf(companyId: string, transactionId: string) {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.id, transactionId),
            eq(paymentTransactions.companyId, companyId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async companyAdmins(companyId: string) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.companyId, companyId), eq(roles.alias, ROLE.COMPANY_ADMIN)));
    },

    async companyUserIds(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.companyId, companyId));
      return rows.map((r) => r.id);
    },

    async companyTimeZone(companyId: string): Promise<string> {
      const [row] = await db
        .select({ timeZone: sql<string>`coalesce(${timezones.iana}, ${DEFAULT_TIMEZONE})` })
        .from(companies)
        .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
        .where(eq(companies.id, companyId));
      return row?.timeZone ?? DEFAULT_TIMEZONE;
    },

    async listInvoices(
      companyId: string,
      query: { page: number; keyword?: string; sort: string; direction: SortDirection },
      range: ListRange | null,
    ) {
      const where = and(
        eq(invoices.companyId, companyId),
        query.keyword ? ilike(invoices.invoiceNumber, likePattern(query.keyword)) : undefined,
        range ? gte(invoices.issuedAt, range.start) : undefined,
        range ? lt(invoices.issuedAt, range.end) : undefined,
      );
      const column =
        query.sort === 'invoice_number'
          ? invoices.invoiceNumber
          : query.sort === 'total_amount'
            ? invoices.totalCents
            : invoices.issuedAt;
      const [items, [count]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(by(query.direction, column), by(query.direction, invoices.invoiceNumber))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(invoices)
          .where(where),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },

    async listTransactions(
      companyId: string,
      query: {
        page: number;
        keyword?: string;
        statuses?: string[];
        sort: string;
        direction: SortDirection;
      },
      range: ListRange | null,
    ) {
      const pattern = query.keyword ? likePattern(query.keyword) : null;
      const where = and(
        eq(paymentTransactions.companyId, companyId),
        pattern
          ? or(
              ilike(invoices.invoiceNumber, pattern),
              ilike(paymentTransactions.cardLast4, pattern),
            )
          : undefined,
        query.statuses && query.statuses.length > 0
          ? inArray(paymentTransactions.status, query.statuses as TransactionStatus[])
          : undefined,
        range ? gte(paymentTransactions.paymentDate, range.start) : undefined,
        range ? lt(paymentTransactions.paymentDate, range.end) : undefined,
      );
      const column =
        query.sort === 'amount'
          ? paymentTransactions.amountCents
          : query.sort === 'status'
            ? paymentTransactions.status
            : query.sort === 'invoice_id'
              ? invoices.invoiceNumber
              : paymentTransactions.paymentDate;
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: paymentTransactions.id,
            invoiceId: paymentTransactions.invoiceId,
            invoiceNumber: invoices.invoiceNumber,
            amountCents: paymentTransactions.amountCents,
            cardLast4: paymentTransactions.cardLast4,
            paymentDate: paymentTransactions.paymentDate,
            status: paymentTransactions.status,
            failureMessage: paymentTransactions.failureMessage,
          })
          .from(paymentTransactions)
          .innerJoin(invoices, eq(invoices.id, paymentTransactions.invoiceId))
          .where(where)
          .orderBy(by(query.direction, column), by(query.direction, paymentTransactions.createdAt))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(paymentTransactions)
          .innerJoin(invoices, eq(invoices.id, paymentTransactions.invoiceId))
          .where(where),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },

    /** What the printable invoice shows. */
    async invoiceDocument(invoiceId: string) {
      const [invoice] = await db
        .select({
          invoice: invoices,
          companyName: companies.name,
          street: companies.streetAddress,
          city: companies.city,
          state: companies.state,
          zipcode: companies.zipcode,
          country: companies.country,
          timeZone: sql<string>`coalesce(${timezones.iana}, ${DEFAULT_TIMEZONE})`,
        })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
        .where(eq(invoices.id, invoiceId))
        .limit(1);
      if (!invoice) return null;
      const lines = await db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(invoiceLines.position));
      return { ...invoice, lines };
    },
  };
}
