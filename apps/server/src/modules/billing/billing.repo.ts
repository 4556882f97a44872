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
import { chunks } from '../../lib/batches.js';
import { likePattern } from '../../lib/sql-like.js';

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

/** Each company's default saved card with its provider customer (newest when none is default). */
async function defaultCards(db: Db | Tx, companyIds: string[]): Promise<Map<string, ChargeCard>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([paymentMethods.companyId], {
      companyId: paymentMethods.companyId,
      customerId: paymentCustomers.customerId,
      providerMethodId: paymentMethods.providerMethodId,
      cardType: paymentMethods.cardType,
      last4: paymentMethods.last4,
    })
    .from(paymentMethods)
    .innerJoin(paymentCustomers, eq(paymentCustomers.companyId, paymentMethods.companyId))
    .where(inArray(paymentMethods.companyId, companyIds))
    .orderBy(
      paymentMethods.companyId,
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
    );
  return new Map(rows.map(({ companyId, ...card }) => [companyId, card]));
}

/** Payment due while any invoice of the company stands failed; returns each company's flag. */
async function settleCompaniesDue(tx: Tx, companyIds: string[]): Promise<Map<string, boolean>> {
  if (companyIds.length === 0) return new Map();
  const rows = await tx
    .update(companies)
    .set({
      isPaymentDue: sql`exists (select 1 from ${invoices} where ${invoices.companyId} = ${companies.id} and ${invoices.status} = 'failed')`,
    })
    .where(inArray(companies.id, [...new Set(companyIds)]))
    .returning({ id: companies.id, due: companies.isPaymentDue });
  return new Map(rows.map((row) => [row.id, row.due]));
}

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

const periodKey = (row: { companyId: string; period: string }) => `${row.companyId}:${row.period}`;

/** What a transaction's outcome does to a locked row: the new values, or nothing. */
function nextTransactionValues(
  current: TransactionRow,
  outcome: TransactionOutcome,
  at: Date,
): Partial<TransactionRow> | null {
  if (current.status === 'success') return null;
  // A late failure never overrides a recorded one twice; only processing rows fail.
  if (outcome.status === 'failed' && current.status !== 'processing') return null;
  if (outcome.status === 'processing' && current.providerPaymentId === outcome.providerPaymentId)
    return null;
  return {
    status: outcome.status,
    providerPaymentId: outcome.providerPaymentId ?? current.providerPaymentId,
    failureMessage: outcome.status === 'failed' ? outcome.failureMessage : null,
    paymentDate: at,
  };
}

export interface TransactionOutcome {
  status: 'success' | 'failed' | 'processing';
  providerPaymentId: string | null;
  failureMessage: string | null;
}

export type TransactionMatch = { id: string } | { providerPaymentId: string };

export interface FinishedTransaction {
  transaction: TransactionRow;
  due: boolean;
  changed: boolean;
}

export interface PreparedCharge {
  state: ChargeState;
  decision: ChargeDecision;
  transaction: TransactionRow | null;
}

/** The invoices list's search, sort and page (the month arrives as a range). */
export interface InvoiceListFilter {
  page: number;
  keyword?: string;
  sort: string;
  direction: SortDirection;
}

/** The transactions list's search, statuses, sort and page (the month arrives as a range). */
export interface TransactionListFilter extends InvoiceListFilter {
  statuses?: string[];
}

function invoiceWhere(companyId: string, query: InvoiceListFilter, range: ListRange | null) {
  return and(
    eq(invoices.companyId, companyId),
    query.keyword ? ilike(invoices.invoiceNumber, likePattern(query.keyword)) : undefined,
    range ? gte(invoices.issuedAt, range.start) : undefined,
    range ? lt(invoices.issuedAt, range.end) : undefined,
  );
}

/**
 * A page of the invoices list; the export reads it in longer batches (`limit`) from any offset.
 * The invoice number is unique, so the order is total and no row repeats across pages.
 */
function invoiceListQuery(
  db: Db,
  companyId: string,
  query: InvoiceListFilter,
  range: ListRange | null,
  offset = (query.page - 1) * PAGE_SIZE,
  limit = PAGE_SIZE,
) {
  const column =
    query.sort === 'invoice_number'
      ? invoices.invoiceNumber
      : query.sort === 'total_amount'
        ? invoices.totalCents
        : invoices.issuedAt;
  return db
    .select()
    .from(invoices)
    .where(invoiceWhere(companyId, query, range))
    .orderBy(by(query.direction, column), by(query.direction, invoices.invoiceNumber))
    .limit(limit)
    .offset(offset);
}

function transactionWhere(
  companyId: string,
  query: TransactionListFilter,
  range: ListRange | null,
) {
  const pattern = query.keyword ? likePattern(query.keyword) : null;
  return and(
    eq(paymentTransactions.companyId, companyId),
    pattern
      ? or(ilike(invoices.invoiceNumber, pattern), ilike(paymentTransactions.cardLast4, pattern))
      : undefined,
    query.statuses && query.statuses.length > 0
      ? inArray(paymentTransactions.status, query.statuses as TransactionStatus[])
      : undefined,
    range ? gte(paymentTransactions.paymentDate, range.start) : undefined,
    range ? lt(paymentTransactions.paymentDate, range.end) : undefined,
  );
}

/**
 * A page of the transactions list; the export reads it in longer batches (`limit`) from any
 * offset. The id breaks ties of the sort and creation time (one close inserts many rows at one
 * instant), so the order is total and no row repeats or goes missing between pages.
 */
function transactionListQuery(
  db: Db,
  companyId: string,
  query: TransactionListFilter,
  range: ListRange | null,
  offset = (query.page - 1) * PAGE_SIZE,
  limit = PAGE_SIZE,
) {
  const column =
    query.sort === 'amount'
      ? paymentTransactions.amountCents
      : query.sort === 'status'
        ? paymentTransactions.status
        : query.sort === 'invoice_id'
          ? invoices.invoiceNumber
          : paymentTransactions.paymentDate;
  return db
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
    .where(transactionWhere(companyId, query, range))
    .orderBy(
      by(query.direction, column),
      by(query.direction, paymentTransactions.createdAt),
      by(query.direction, paymentTransactions.id),
    )
    .limit(limit)
    .offset(offset);
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

    /** The invoices of these companies' months (at most one each). */
    async invoicesFor(months: { companyId: string; period: string }[]): Promise<InvoiceRow[]> {
      if (months.length === 0) return [];
      const wanted = new Set(months.map(periodKey));
      const rows = await db
        .select()
        .from(invoices)
        .where(
          and(
            inArray(invoices.companyId, [...new Set(months.map((m) => m.companyId))]),
            inArray(invoices.period, [...new Set(months.map((m) => m.period))]),
          ),
        );
      return rows.filter((row) => wanted.has(periodKey(row)));
    },

    /**
     * Invoices and their lines in one transaction, numbered from invoice_number_seq, in the
     * order given. A second close of the same month (unique company + period) inserts nothing
     * and gets the first one back with created: false.
     */
    async createInvoices(
      inputs: NewInvoice[],
    ): Promise<{ invoice: InvoiceRow; created: boolean }[]> {
      if (inputs.length === 0) return [];
      return db.transaction(async (tx) => {
        const inserted = new Map<string, InvoiceRow>();
        for (const part of chunks(inputs, INSERT_CHUNK)) {
          const rows = await tx
            .insert(invoices)
            .values(
              part.map(({ lines: _lines, ...values }) => ({
                ...values,
                invoiceNumber: sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
              })),
            )
            .onConflictDoNothing({ target: [invoices.companyId, invoices.period] })
            .returning();
          for (const row of rows) inserted.set(periodKey(row), row);
        }
        const missing = inputs.filter((input) => !inserted.has(periodKey(input)));
        const existing = new Map(
          (missing.length === 0
            ? []
            : await tx
                .select()
                .from(invoices)
                .where(
                  or(
                    ...missing.map((m) =>
                      and(eq(invoices.companyId, m.companyId), eq(invoices.period, m.period)),
                    ),
                  ),
                )
          ).map((row) => [periodKey(row), row]),
        );
        const lines = inputs.flatMap((input) => {
          const invoice = inserted.get(periodKey(input));
          return invoice
            ? input.lines.map((line, i) => ({ ...line, invoiceId: invoice.id, position: i + 1 }))
            : [];
        });
        for (const part of chunks(lines, INSERT_CHUNK)) await tx.insert(invoiceLines).values(part);
        return inputs.map((input) => {
          const created = inserted.get(periodKey(input));
          return created
            ? { invoice: created, created: true }
            : { invoice: existing.get(periodKey(input))!, created: false };
        });
      });
    },

    /**
     * Locks the invoices' rows (FOR UPDATE, in id order so two batches never deadlock), so two
     * charges of one invoice (a double-clicked Pay Now, a retried job beside a click) decide one
     * after the other, then records what `decide` chose for each. Results in the order given.
     */
    async prepareCharges(
      invoiceIds: string[],
      decide: (state: ChargeState) => ChargeDecision,
    ): Promise<PreparedCharge[]> {
      if (invoiceIds.length === 0) return [];
      return db.transaction(async (tx) => {
        const locked = await tx
          .select()
          .from(invoices)
          .where(inArray(invoices.id, invoiceIds))
          .orderBy(asc(invoices.id))
          .for('update');
        const byId = new Map(locked.map((row) => [row.id, row]));
        const missing = invoiceIds.find((id) => !byId.has(id));
        if (missing) throw new Error(`invoice ${missing} not found`);
        const attempts = await tx
          .select()
          .from(paymentTransactions)
          .where(inArray(paymentTransactions.invoiceId, invoiceIds))
          .orderBy(asc(paymentTransactions.createdAt));
        const cards = await defaultCards(tx, [...new Set(locked.map((row) => row.companyId))]);
        const prepared = invoiceIds.map((id) => {
          const invoice = byId.get(id)!;
          const state: ChargeState = {
            invoice,
            transactions: attempts.filter((t) => t.invoiceId === id),
            card: cards.get(invoice.companyId) ?? null,
          };
          return { state, decision: decide(state) };
        });

        const paid = prepared.filter(
          ({ state, decision }) =>
            decision.kind === 'none' && decision.markPaid && state.invoice.status !== 'paid',
        );
        if (paid.length > 0) {
          await tx
            .update(invoices)
            .set({ status: 'paid' })
            .where(
              inArray(
                invoices.id,
                paid.map((p) => p.state.invoice.id),
              ),
            );
          await settleCompaniesDue(
            tx,
            paid.map((p) => p.state.invoice.companyId),
          );
        }
        const inserts = prepared.flatMap(({ state, decision }) =>
          decision.kind === 'insert' ? [{ invoice: state.invoice, decision }] : [],
        );
        const recorded = new Map<string, TransactionRow>();
        for (const part of chunks(inserts, INSERT_CHUNK)) {
          const rows = await tx
            .insert(paymentTransactions)
            .values(
              part.map(({ invoice, decision }) => ({
                ...decision.transaction,
                companyId: invoice.companyId,
                invoiceId: invoice.id,
              })),
            )
            .returning();
          for (const row of rows) recorded.set(row.invoiceId, row);
        }
        for (const status of new Set(inserts.map((i) => i.decision.invoiceStatus))) {
          if (!status) continue;
          const ids = inserts.filter((i) => i.decision.invoiceStatus === status);
          await tx
            .update(invoices)
            .set({ status })
            .where(
              inArray(
                invoices.id,
                ids.map((i) => i.invoice.id),
              ),
            );
        }
        const due = inserts.filter((i) => i.decision.due).map((i) => i.invoice.companyId);
        if (due.length > 0) {
          await tx
            .update(companies)
            .set({ isPaymentDue: true })
            .where(inArray(companies.id, [...new Set(due)]));
        }
        return prepared.map(({ state, decision }) => ({
          state,
          decision,
          transaction:
            decision.kind === 'resume'
              ? decision.transaction
              : decision.kind === 'insert'
                ? recorded.get(state.invoice.id)!
                : null,
        }));
      });
    },

    /**
     * Applies charges' outcomes to transactions still processing (once: a webhook that got there
     * first wins), then their invoices and their companies' payment-due flags. Each result is
     * null when no transaction matched; `changed` says whether this call changed it.
     */
    async finishTransactions(
      items: { where: TransactionMatch; outcome: TransactionOutcome }[],
      at: Date,
    ): Promise<(FinishedTransaction | null)[]> {
      if (items.length === 0) return [];
      return db.transaction(async (tx) => {
        const ids = items.flatMap(({ where }) => ('id' in where ? [where.id] : []));
        const paymentIds = items.flatMap(({ where }) =>
          'providerPaymentId' in where ? [where.providerPaymentId] : [],
        );
        const locked = await tx
          .select()
          .from(paymentTransactions)
          .where(
            or(
              ids.length > 0 ? inArray(paymentTransactions.id, ids) : undefined,
              paymentIds.length > 0
                ? inArray(paymentTransactions.providerPaymentId, paymentIds)
                : undefined,
            ),
          )
          .orderBy(asc(paymentTransactions.id))
          .for('update');
        const current = new Map(locked.map((row) => [row.id, row]));
        const find = (where: TransactionMatch) =>
          'id' in where
            ? current.get(where.id)
            : locked.find((row) => row.providerPaymentId === where.providerPaymentId);
        const results: (FinishedTransaction | null)[] = [];
        const settled = new Map<'paid' | 'failed', string[]>([
          ['paid', []],
          ['failed', []],
        ]);
        for (const { where, outcome } of items) {
          const found = find(where);
          // The latest version: two items may name the same row.
          const row = found ? current.get(found.id) : undefined;
          if (!row) {
            results.push(null);
            continue;
          }
          const values = nextTransactionValues(row, outcome, at);
          if (!values) {
            results.push({ transaction: row, due: false, changed: false });
            continue;
          }
          const [transaction] = await tx
            .update(paymentTransactions)
            .set(values)
            .where(eq(paymentTransactions.id, row.id))
            .returning();
          current.set(row.id, transaction!);
          results.push({ transaction: transaction!, due: false, changed: true });
          if (outcome.status !== 'processing') {
            settled.get(outcome.status === 'success' ? 'paid' : 'failed')!.push(row.invoiceId);
          }
        }
        for (const [status, invoiceIds] of settled) {
          if (invoiceIds.length === 0) continue;
          await tx
            .update(invoices)
            .set({ status })
            .where(and(inArray(invoices.id, invoiceIds), sql`${invoices.status} <> 'paid'`));
        }
        const settledCompanies = results.flatMap((r) =>
          r?.changed && r.transaction.status !== 'processing' ? [r.transaction.companyId] : [],
        );
        const due = await settleCompaniesDue(tx, settledCompanies);
        return results.map((r) =>
          r?.changed && r.transaction.status !== 'processing'
            ? { ...r, due: due.get(r.transaction.companyId) ?? false }
            : r,
        );
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

    async listInvoices(companyId: string, query: InvoiceListFilter, range: ListRange | null) {
      const [items, [count]] = await Promise.all([
        invoiceListQuery(db, companyId, query, range),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(invoices)
          .where(invoiceWhere(companyId, query, range)),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },

    /** One batch of the invoices export, in the list's filter and order. */
    invoiceBatch(
      companyId: string,
      query: Omit<InvoiceListFilter, 'page'>,
      range: ListRange | null,
      offset: number,
      limit: number,
    ) {
      return invoiceListQuery(db, companyId, { ...query, page: 1 }, range, offset, limit);
    },

    async listTransactions(
      companyId: string,
      query: TransactionListFilter,
      range: ListRange | null,
    ) {
      const [items, [count]] = await Promise.all([
        transactionListQuery(db, companyId, query, range),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(paymentTransactions)
          .innerJoin(invoices, eq(invoices.id, paymentTransactions.invoiceId))
          .where(transactionWhere(companyId, query, range)),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },

    /** One batch of the transactions export, in the list's filter and order. */
    transactionBatch(
      companyId: string,
      query: Omit<TransactionListFilter, 'page'>,
      range: ListRange | null,
      offset: number,
      limit: number,
    ) {
      return transactionListQuery(db, companyId, { ...query, page: 1 }, range, offset, limit);
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
