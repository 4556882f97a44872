import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BILLING_MESSAGES,
  MILLICENTS_PER_CENT,
  formatUsd,
  periodOf,
  periodRange,
  previousPeriod,
  type Invoice,
  type InvoiceExportQuery,
  type InvoiceListQuery,
  type Transaction,
  type TransactionExportQuery,
  type TransactionListQuery,
  type TransactionStatus,
} from '@fieldbot/shared';
import { chunks, mapLimit } from '../../lib/batches.js';
import { csvStream } from '../../lib/csv-response.js';
import { DomainError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { CardError, type PaymentProvider } from '../../providers/payments/payment-provider.js';
import type { PeriodUsage, UsageWindow } from '../usage/index.js';
import type {
  BillingRepo,
  ChargeCard,
  ChargeDecision,
  ChargeState,
  InvoiceRow,
  NewInvoiceLine,
  PreparedCharge,
  TransactionRow,
} from './billing.repo.js';
import { INVOICE_CSV_COLUMNS, TRANSACTION_CSV_COLUMNS } from './billing-csv.js';

export interface BillingDeps {
  repo: BillingRepo;
  payments: PaymentProvider;
  /** The metered usage of companies' months, by company (modules/usage/period-usage.ts). */
  usage(windows: UsageWindow[]): Promise<Map<string, PeriodUsage>>;
  pricePerMinuteCents: number;
  /** Queues an e-mail (the send-email job retries failures). */
  sendMail(message: MailMessage): Promise<void>;
  /**
   * Drops this process's cached sessions of these users (their company's flags changed). Absent
   * where no sessions are cached (job workers, the operator command).
   */
  forgetUsers?(userIds: string[]): void;
  /** The company's payment-due flag may have changed: paused work may resume (capacity check). */
  paymentStateChanged?(companyId: string): Promise<void>;
  appUrl: string;
  now?: () => Date;
}

/** What closing one company's month did (printed by the operator command). */
export interface CloseOutcome {
  companyId: string;
  period: string;
  result: 'not_ended' | 'not_a_customer_yet' | 'invoiced' | 'already_invoiced';
  invoiceNumber?: string;
  totalCents?: number;
  /** What happened to the charge: none needed (zero or already settled), or the attempt's status. */
  charge?: 'none' | 'no_card' | TransactionStatus;
}

export interface PayNowOutcome {
  status: 200 | 202;
  message: string;
}

/** Why a charge attempt happens: the monthly close charges once, Pay Now tries again. */
type ChargeMode = 'close' | 'pay_now';

type ChargeOutcome =
  | { kind: 'paid' }
  | { kind: 'settled' }
  | { kind: 'processing'; transaction: TransactionRow }
  | { kind: 'failed'; transaction: TransactionRow; noCard: boolean }
  | { kind: 'success'; transaction: TransactionRow };

/** Companies closed together: a few queries per batch instead of a dozen per company. */
const CLOSE_BATCH = 500;
/** Provider charges in flight at once within a batch (Stripe allows about 100 requests/s). */
const CHARGE_CONCURRENCY = 16;

type CloseCompany = { id: string; createdAt: Date; timeZone: string };

const attemptKey = (invoiceId: string, attempt: number) =>
  `invoice:${invoiceId}:attempt:${attempt}`;

/** The month picker's MM/01/YYYY as a period. */
function monthFilterPeriod(value: string | undefined): string | null {
  if (!value) return null;
  const [mm, , yyyy] = value.split('/');
  return `${yyyy}-${mm}`;
}

export function invoiceLinesOf(usage: PeriodUsage, pricePerMinuteCents: number): NewInvoiceLine[] {
  return [
    {
      kind: 'minutes',
      description: `Recorded minutes at ${formatUsd(pricePerMinuteCents)} per minute`,
      botId: null,
      quantity: usage.minutes,
      unitMillicents: pricePerMinuteCents * MILLICENTS_PER_CENT,
      amountCents: usage.minutesCents,
    },
    ...usage.bots.map((bot) => ({
      kind: 'bot_runs' as const,
      description: `Bot runs: ${bot.botName}`,
      botId: bot.botId,
      quantity: bot.runs,
      // The average client cost of a run; the amount is the line's exact sum, rounded once.
      unitMillicents: bot.runs > 0 ? Math.round(bot.clientCostMillicents / bot.runs) : 0,
      amountCents: bot.amountCents,
    })),
  ];
}

type TransactionListRow = Awaited<ReturnType<BillingRepo['listTransactions']>>['items'][number];

function toTransaction(t: TransactionListRow): Transaction {
  return {
    id: t.id,
    invoice_id: t.invoiceId,
    invoice_number: t.invoiceNumber,
    amount: t.amountCents,
    card_number: t.cardLast4,
    payment_date: t.paymentDate.toISOString(),
    status: t.status,
    failure_message: t.failureMessage,
  };
}

/** status[] arrives under two names (status=… and status[]=…): the list filters by both. */
const statusesOf = (query: Pick<TransactionListQuery, 'status' | 'status[]'>) => [
  ...(query.status ?? []),
  ...(query['status[]'] ?? []),
];

export function createBillingService(deps: BillingDeps) {
  const { repo, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const invoiceUrl = (invoice: Pick<InvoiceRow, 'id' | 'viewToken'>) =>
    `${deps.appUrl}/api/company/invoices/${invoice.id}/document?token=${invoice.viewToken}`;

  /** The lists' month filter (MM/01/YYYY) as that month in the company's time zone. */
  async function monthRange(companyId: string, date: string | undefined) {
    const month = monthFilterPeriod(date);
    return month ? periodRange(month, await repo.companyTimeZone(companyId)) : null;
  }

  const toInvoice = (invoice: InvoiceRow): Invoice => ({
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    date: invoice.issuedAt.toISOString(),
    total_amount: invoice.totalCents,
    invoice_url: invoiceUrl(invoice),
    status: invoice.status,
  });

  async function forgetCompany(companyId: string) {
    if (deps.forgetUsers) deps.forgetUsers(await repo.companyUserIds(companyId));
    await deps.paymentStateChanged?.(companyId);
  }

  async function mailPaymentFailed(invoice: InvoiceRow, reason: string) {
    const admins = await repo.companyAdmins(invoice.companyId);
    const billingUrl = `${deps.appUrl}/settings/billing/invoice-history`;
    const amount = formatUsd(invoice.totalCents);
    for (const admin of admins) {
      await deps.sendMail({
        to: admin.email,
        subject: `Payment failed for invoice ${invoice.invoiceNumber}`,
        text:
          `Hello ${admin.name},\n\nWe could not charge ${amount} for invoice ${invoice.invoiceNumber} ` +
          `(${invoice.period}): ${reason}\n\nYour account is on hold until the invoice is paid. ` +
          `Open ${billingUrl} and use Pay Now after checking your card.\n\nInvoice: ${invoiceUrl(invoice)}\n`,
        html:
          `<p>Hello ${escapeHtml(admin.name)},</p><p>We could not charge ${escapeHtml(amount)} for invoice ` +
          `${escapeHtml(invoice.invoiceNumber)} (${escapeHtml(invoice.period)}): ${escapeHtml(reason)}</p>` +
          `<p>Your account is on hold until the invoice is paid. Open <a href="${escapeHtml(billingUrl)}">billing</a> ` +
          `and use Pay Now after checking your card.</p>` +
          `<p><a href="${escapeHtml(invoiceUrl(invoice))}">View the invoice</a></p>`,
      });
    }
  }

  /** Decides, under the invoice's row lock, whether and how to charge it. */
  function decide(mode: ChargeMode) {
    return ({ invoice, transactions, card }: ChargeState): ChargeDecision => {
      if (invoice.status === 'paid') return { kind: 'none' };
      if (transactions.some((t) => t.status === 'success')) return { kind: 'none', markPaid: true };
      const pending = transactions.find((t) => t.status === 'processing');
      // The provider answered 'processing': its webhook settles the attempt.
      if (pending?.providerPaymentId) return { kind: 'none' };
      // A crash (or a concurrent click) between recording the attempt and the provider's answer:
      // asking again with the same idempotency key returns that same charge.
      if (pending && card) return { kind: 'resume', transaction: pending };
      if (invoice.totalCents === 0) return { kind: 'none', markPaid: true };
      // The close charges once; after a failure the company retries with Pay Now.
      if (mode === 'close' && transactions.length > 0) return { kind: 'none' };
      const key = attemptKey(invoice.id, transactions.length + 1);
      if (!card) {
        return {
          kind: 'insert',
          invoiceStatus: 'failed',
          due: true,
          transaction: {
            amountCents: invoice.totalCents,
            cardType: null,
            cardLast4: null,
            status: 'failed',
            provider: payments.kind,
            failureMessage: BILLING_MESSAGES.noCardToCharge,
            idempotencyKey: key,
            paymentDate: now(),
          },
        };
      }
      return {
        kind: 'insert',
        transaction: {
          amountCents: invoice.totalCents,
          cardType: card.cardType,
          cardLast4: card.last4,
          status: 'processing',
          provider: payments.kind,
          failureMessage: null,
          idempotencyKey: key,
          paymentDate: now(),
        },
      };
    };
  }

  /** What a charge attempt that was not made (or was made before) amounts to. */
  function unchargedOutcome({ state, decision }: PreparedCharge): ChargeOutcome {
    if (state.invoice.status === 'paid' || (decision.kind === 'none' && decision.markPaid)) {
      return { kind: 'paid' };
    }
    const pending = state.transactions.find((t) => t.status === 'processing');
    return pending ? { kind: 'processing', transaction: pending } : { kind: 'settled' };
  }

  /** Asks the provider; a card problem is an answer, anything else (network) is thrown. */
  async function askProvider(invoice: InvoiceRow, card: ChargeCard, transaction: TransactionRow) {
    try {
      return await payments.charge({
        customerId: card.customerId,
        providerMethodId: card.providerMethodId,
        amountCents: invoice.totalCents,
        idempotencyKey: transaction.idempotencyKey,
        description: `Fieldbot invoice ${invoice.invoiceNumber} (${invoice.period})`,
        metadata: {
          invoice_id: invoice.id,
          invoice_number: invoice.invoiceNumber,
          company_id: invoice.companyId,
          transaction_id: transaction.id,
        },
      });
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      return { status: 'failed', providerPaymentId: null, failureMessage: error.message } as const;
    }
  }

  /**
   * Records the attempts (committed), charges outside any transaction, then records the answers;
   * outcomes in the order of `invoiceIds`. A provider error (network) leaves its attempt
   * processing and is thrown after the others are recorded; a retry asks again with the same key.
   */
  async function chargeInvoices(invoiceIds: string[], mode: ChargeMode): Promise<ChargeOutcome[]> {
    const prepared = await repo.prepareCharges(invoiceIds, decide(mode));
    const outcomes = new Array<ChargeOutcome>(prepared.length);
    const asks: {
      index: number;
      invoice: InvoiceRow;
      card: ChargeCard;
      transaction: TransactionRow;
    }[] = [];
    for (const [index, item] of prepared.entries()) {
      const { state, transaction } = item;
      if (!transaction) outcomes[index] = unchargedOutcome(item);
      else if (transaction.status === 'failed') {
        await forgetCompany(state.invoice.companyId);
        await mailPaymentFailed(state.invoice, BILLING_MESSAGES.noCardToCharge);
        outcomes[index] = { kind: 'failed', transaction, noCard: true };
      } else asks.push({ index, invoice: state.invoice, card: state.card!, transaction });
    }
    const answers = await mapLimit(asks, CHARGE_CONCURRENCY, (ask) =>
      askProvider(ask.invoice, ask.card, ask.transaction).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
    );
    const answered = asks.flatMap((ask, i) => {
      const answer = answers[i]!;
      return 'result' in answer ? [{ ...ask, result: answer.result }] : [];
    });
    const finished = await repo.finishTransactions(
      answered.map(({ transaction, result }) => ({
        where: { id: transaction.id },
        outcome: {
          status: result.status === 'succeeded' ? ('success' as const) : result.status,
          providerPaymentId: result.providerPaymentId,
          failureMessage: result.failureMessage ?? BILLING_MESSAGES.cardDeclined,
        },
      })),
      now(),
    );
    for (const [i, { index, invoice, transaction, result }] of answered.entries()) {
      // Unchanged: a webhook or a concurrent click recorded the outcome first; report what is stored.
      const stored = finished[i]?.transaction ?? transaction;
      const changed = finished[i]?.changed ?? false;
      if (stored.status === 'processing') {
        outcomes[index] = { kind: 'processing', transaction: stored };
        continue;
      }
      if (changed) await forgetCompany(invoice.companyId);
      if (stored.status === 'failed') {
        if (changed) {
          await mailPaymentFailed(invoice, result.failureMessage ?? BILLING_MESSAGES.cardDeclined);
        }
        outcomes[index] = { kind: 'failed', transaction: stored, noCard: false };
      } else outcomes[index] = { kind: 'success', transaction: stored };
    }
    const failure = answers.find((answer) => 'error' in answer);
    if (failure && 'error' in failure) throw failure.error;
    return outcomes;
  }

  async function charge(invoiceId: string, mode: ChargeMode): Promise<ChargeOutcome> {
    const [outcome] = await chargeInvoices([invoiceId], mode);
    return outcome!;
  }

  /**
   * Closes companies' months together: each invoice is created once (from one usage query for
   * the batch), then charged once.
   */
  async function closeBatch(list: CloseCompany[], period?: string): Promise<CloseOutcome[]> {
    const at = now();
    const months = list.map((company, index) => {
      const month = period ?? previousPeriod(periodOf(at, company.timeZone));
      return { index, company, month, range: periodRange(month, company.timeZone) };
    });
    const existing = new Map(
      (
        await repo.invoicesFor(months.map((m) => ({ companyId: m.company.id, period: m.month })))
      ).map((invoice) => [`${invoice.companyId}:${invoice.period}`, invoice]),
    );
    const outcomes = new Array<CloseOutcome>(list.length);
    const toInvoice: typeof months = [];
    const invoiced = new Map<number, { invoice: InvoiceRow; created: boolean }>();
    for (const [index, m] of months.entries()) {
      const base = { companyId: m.company.id, period: m.month };
      const invoice = existing.get(`${m.company.id}:${m.month}`);
      if (m.range.end.getTime() > at.getTime()) outcomes[index] = { ...base, result: 'not_ended' };
      else if (invoice) invoiced.set(index, { invoice, created: false });
      // A company created after the month ended has nothing to be billed for it.
      else if (m.company.createdAt.getTime() >= m.range.end.getTime()) {
        outcomes[index] = { ...base, result: 'not_a_customer_yet' };
      } else toInvoice.push(m);
    }
    const usage =
      toInvoice.length === 0
        ? new Map<string, PeriodUsage>()
        : await deps.usage(
            toInvoice.map(({ company, range }) => ({ companyId: company.id, ...range })),
          );
    const created = await repo.createInvoices(
      toInvoice.map(({ company, month, range }) => {
        const lines = invoiceLinesOf(usage.get(company.id)!, deps.pricePerMinuteCents);
        const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
        return {
          companyId: company.id,
          period: month,
          periodStart: range.start,
          periodEnd: range.end,
          issuedAt: at,
          totalCents,
          // Nothing to charge: settled at once, no transaction.
          status: totalCents === 0 ? ('paid' as const) : ('open' as const),
          viewToken: randomBytes(24).toString('base64url'),
          lines,
        };
      }),
    );
    for (const [i, m] of toInvoice.entries()) invoiced.set(m.index, created[i]!);
    const indexes = [...invoiced.keys()];
    const charges = await chargeInvoices(
      indexes.map((index) => invoiced.get(index)!.invoice.id),
      'close',
    );
    for (const [i, index] of indexes.entries()) {
      const { invoice, created: isNew } = invoiced.get(index)!;
      const outcome = charges[i]!;
      outcomes[index] = {
        companyId: invoice.companyId,
        period: invoice.period,
        result: isNew ? 'invoiced' : 'already_invoiced',
        invoiceNumber: invoice.invoiceNumber,
        totalCents: invoice.totalCents,
        charge:
          outcome.kind === 'paid' || outcome.kind === 'settled'
            ? 'none'
            : outcome.kind === 'failed' && outcome.noCard
              ? 'no_card'
              : outcome.transaction.status,
      };
    }
    return outcomes;
  }

  /** Closes one company's month: the invoice (created once), then its charge (attempted once). */
  async function closeCompany(company: CloseCompany, period?: string): Promise<CloseOutcome> {
    const [outcome] = await closeBatch([company], period);
    return outcome!;
  }

  return {
    closeCompany,

    /**
     * Companies whose previous month (their timezone) has ended without an invoice, or whose
     * invoice was created but never charged (a crash after the commit).
     */
    async companiesDue(): Promise<{ companyId: string; period: string }[]> {
      const at = now();
      const all = await repo.companies();
      const wanted = all
        .map((c) => ({ c, period: previousPeriod(periodOf(at, c.timeZone)) }))
        .filter(({ c, period }) => c.createdAt < periodRange(period, c.timeZone).end);
      const periods = [...new Set(wanted.map((w) => w.period))];
      const existing = new Map(
        (await repo.invoicesOfPeriods(periods)).map((i) => [`${i.companyId}:${i.period}`, i]),
      );
      return wanted
        .filter(({ c, period }) => {
          const invoice = existing.get(`${c.id}:${period}`);
          return !invoice || (invoice.status === 'open' && !invoice.attempted);
        })
        .map(({ c, period }) => ({ companyId: c.id, period }));
    },

    /**
     * The operator command and the benchmark: closes every (or one) company's month now, in
     * batches of CLOSE_BATCH companies with `concurrency` batches in flight.
     */
    async closeAll(
      options: { companyId?: string; period?: string; concurrency?: number } = {},
    ): Promise<CloseOutcome[]> {
      const at = now();
      const all = await repo.companies(options.companyId);
      const periodFor = (c: { timeZone: string }) =>
        options.period ?? previousPeriod(periodOf(at, c.timeZone));
      // Settled months (paid, or failed and left to Pay Now) are reported without a query each.
      const settled = new Map(
        (await repo.invoicesOfPeriods([...new Set(all.map(periodFor))], options.companyId))
          .filter((i) => i.status !== 'open')
          .map((i) => [`${i.companyId}:${i.period}`, i]),
      );
      const outcomes: CloseOutcome[] = [];
      const list = all.filter((c) => {
        const period = periodFor(c);
        const invoice = settled.get(`${c.id}:${period}`);
        if (!invoice) return true;
        outcomes.push({
          companyId: c.id,
          period,
          result: 'already_invoiced',
          invoiceNumber: invoice.invoiceNumber,
          totalCents: invoice.totalCents,
          charge: 'none',
        });
        return false;
      });
      const batches = chunks(list, CLOSE_BATCH);
      const closed = await mapLimit(batches, Math.max(1, options.concurrency ?? 1), (batch) =>
        closeBatch(batch, options.period),
      );
      return [...outcomes, ...closed.flat()];
    },

    /** The job of one company (fan-out from the hourly scan). */
    async closeCompanyById(companyId: string, period?: string): Promise<CloseOutcome | null> {
      const [company] = await repo.companies(companyId);
      return company ? closeCompany(company, period) : null;
    },

    async listInvoices(companyId: string, query: InvoiceListQuery) {
      const range = await monthRange(companyId, query.date);
      const { items, total } = await repo.listInvoices(companyId, query, range);
      return { items: items.map(toInvoice), total };
    },

    async listTransactions(companyId: string, query: TransactionListQuery) {
      const range = await monthRange(companyId, query.date);
      const filter = { ...query, statuses: statusesOf(query) };
      const { items, total } = await repo.listTransactions(companyId, filter, range);
      return { items: items.map(toTransaction), total };
    },

    /**
     * The invoices as CSV rows: the list's search, month and order, read in batches. An admin
     * without a company yet gets the header alone, as the list answers no invoices.
     */
    async invoicesCsv(companyId: string | null, query: InvoiceExportQuery) {
      const range = companyId ? await monthRange(companyId, query.date) : null;
      return csvStream(INVOICE_CSV_COLUMNS, async (offset, limit) =>
        companyId
          ? (await repo.invoiceBatch(companyId, query, range, offset, limit)).map(toInvoice)
          : [],
      );
    },

    /** The transactions as CSV rows, like invoicesCsv: the list's filters and order. */
    async transactionsCsv(companyId: string | null, query: TransactionExportQuery) {
      const range = companyId ? await monthRange(companyId, query.date) : null;
      const filter = { ...query, statuses: statusesOf(query) };
      return csvStream(TRANSACTION_CSV_COLUMNS, async (offset, limit) =>
        companyId
          ? (await repo.transactionBatch(companyId, filter, range, offset, limit)).map(
              toTransaction,
            )
          : [],
      );
    },

    /** Pay Now on a transaction's row: charges its invoice again unless it is paid. */
    async payNow(companyId: string, transactionId: string): Promise<PayNowOutcome> {
      const transaction = await repo.transactionOf(companyId, transactionId);
      if (!transaction) throw new DomainError(404, BILLING_MESSAGES.transactionNotFound);
      if (transaction.status === 'success')
        throw new DomainError(409, BILLING_MESSAGES.alreadyPaid);
      const outcome = await charge(transaction.invoiceId, 'pay_now');
      switch (outcome.kind) {
        case 'paid':
          throw new DomainError(409, BILLING_MESSAGES.alreadyPaid);
        case 'success':
          return { status: 200, message: BILLING_MESSAGES.paymentSucceeded };
        case 'processing':
          return { status: 202, message: BILLING_MESSAGES.processingPayment };
        case 'failed':
          throw new DomainError(
            402,
            outcome.noCard ? BILLING_MESSAGES.noCardToCharge : BILLING_MESSAGES.paymentFailed,
          );
        default:
          throw new DomainError(409, BILLING_MESSAGES.alreadyPaid);
      }
    },

    /**
     * A verified provider event, applied once: its id is recorded first (a replay is acknowledged
     * and ignored); an event that fails to apply is forgotten again so the provider's retry works.
     */
    async applyWebhook(raw: Buffer, signature: string | undefined): Promise<void> {
      let event;
      try {
        event = payments.parseWebhook(raw, signature);
      } catch {
        throw new DomainError(400, 'Invalid webhook signature.');
      }
      if (!(await repo.recordEvent(event.id, event.type === 'other' ? event.rawType : event.type)))
        return;
      if (event.type === 'other') return;
      try {
        const [finished] = await repo.finishTransactions(
          [
            {
              where: { providerPaymentId: event.providerPaymentId },
              outcome: {
                status: event.type === 'payment_intent.succeeded' ? 'success' : 'failed',
                providerPaymentId: event.providerPaymentId,
                failureMessage: event.failureMessage ?? BILLING_MESSAGES.cardDeclined,
              },
            },
          ],
          now(),
        );
        if (!finished?.changed) return;
        await forgetCompany(finished.transaction.companyId);
        if (finished.transaction.status === 'failed') {
          const invoice = await repo.invoiceById(finished.transaction.invoiceId);
          if (invoice) {
            await mailPaymentFailed(invoice, event.failureMessage ?? BILLING_MESSAGES.cardDeclined);
          }
        }
      } catch (error) {
        await repo.forgetEvent(event.id);
        throw error;
      }
    },

    /** The printable invoice when the token matches (constant-time compare), else null. */
    async invoiceDocument(invoiceId: string, token: string) {
      const doc = await repo.invoiceDocument(invoiceId);
      if (!doc || !tokensEqual(doc.invoice.viewToken, token)) return null;
      return doc;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** Equal-length digests, so the compare takes the same time whatever the token. */
function tokensEqual(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
