import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BILLING_MESSAGES,
  MILLICENTS_PER_CENT,
  formatUsd,
  periodOf,
  periodRange,
  previousPeriod,
  type InvoiceListQuery,
  type TransactionListQuery,
  type TransactionStatus,
} from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../../providers/mail/index.js';
import {
  CardError,
  type ChargeResult,
  type PaymentProvider,
} from '../../providers/payments/payment-provider.js';
import type { PeriodUsage } from '../usage/period-usage.js';
import type {
  BillingRepo,
  ChargeDecision,
  ChargeState,
  InvoiceRow,
  NewInvoiceLine,
  TransactionRow,
} from './billing.repo.js';

export interface BillingDeps {
  repo: BillingRepo;
  payments: PaymentProvider;
  /** The month's metered usage (modules/usage/period-usage.ts). */
  usage(companyId: string, range: { start: Date; end: Date }): Promise<PeriodUsage>;
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

export function createBillingService(deps: BillingDeps) {
  const { repo, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const invoiceUrl = (invoice: Pick<InvoiceRow, 'id' | 'viewToken'>) =>
    `${deps.appUrl}/api/company/invoices/${invoice.id}/document?token=${invoice.viewToken}`;

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

  /** Records the attempt (committed), charges outside any transaction, then records the answer. */
  async function charge(invoiceId: string, mode: ChargeMode): Promise<ChargeOutcome> {
    const { state, decision, transaction } = await repo.prepareCharge(invoiceId, decide(mode));
    const { invoice, card } = state;
    if (!transaction) {
      if (invoice.status === 'paid' || (decision.kind === 'none' && decision.markPaid)) {
        return { kind: 'paid' };
      }
      const pending = state.transactions.find((t) => t.status === 'processing');
      return pending ? { kind: 'processing', transaction: pending } : { kind: 'settled' };
    }
    if (transaction.status === 'failed') {
      await forgetCompany(invoice.companyId);
      await mailPaymentFailed(invoice, BILLING_MESSAGES.noCardToCharge);
      return { kind: 'failed', transaction, noCard: true };
    }
    let result: ChargeResult;
    try {
      result = await payments.charge({
        customerId: card!.customerId,
        providerMethodId: card!.providerMethodId,
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
      // A card problem is an answer; anything else (network) leaves the attempt processing, and a
      // retry asks again with the same key.
      if (!(error instanceof CardError)) throw error;
      result = { status: 'failed', providerPaymentId: null, failureMessage: error.message };
    }
    const status = result.status === 'succeeded' ? 'success' : result.status;
    const finished = await repo.finishTransaction(
      { id: transaction.id },
      {
        status,
        providerPaymentId: result.providerPaymentId,
        failureMessage: result.failureMessage ?? BILLING_MESSAGES.cardDeclined,
      },
      now(),
    );
    // Unchanged: a webhook or a concurrent click recorded the outcome first; report what is stored.
    const stored = finished?.transaction ?? transaction;
    const changed = finished?.changed ?? false;
    if (stored.status === 'processing') return { kind: 'processing', transaction: stored };
    if (changed) await forgetCompany(invoice.companyId);
    if (stored.status === 'failed') {
      if (changed) {
        await mailPaymentFailed(invoice, result.failureMessage ?? BILLING_MESSAGES.cardDeclined);
      }
      return { kind: 'failed', transaction: stored, noCard: false };
    }
    return { kind: 'success', transaction: stored };
  }

  /** Closes one company's month: the invoice (created once), then its charge (attempted once). */
  async function closeCompany(
    company: { id: string; createdAt: Date; timeZone: string },
    period?: string,
  ): Promise<CloseOutcome> {
    const at = now();
    const month = period ?? previousPeriod(periodOf(at, company.timeZone));
    const range = periodRange(month, company.timeZone);
    const base = { companyId: company.id, period: month };
    if (range.end.getTime() > at.getTime()) return { ...base, result: 'not_ended' };
    let invoice = await repo.invoiceOf(company.id, month);
    let created = false;
    if (!invoice) {
      // A company created after the month ended has nothing to be billed for it.
      if (company.createdAt.getTime() >= range.end.getTime()) {
        return { ...base, result: 'not_a_customer_yet' };
      }
      const usage = await deps.usage(company.id, range);
      const lines = invoiceLinesOf(usage, deps.pricePerMinuteCents);
      const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
      ({ invoice, created } = await repo.createInvoice({
        companyId: company.id,
        period: month,
        periodStart: range.start,
        periodEnd: range.end,
        issuedAt: at,
        totalCents,
        // Nothing to charge: settled at once, no transaction.
        status: totalCents === 0 ? 'paid' : 'open',
        viewToken: randomBytes(24).toString('base64url'),
        lines,
      }));
    }
    const outcome = await charge(invoice.id, 'close');
    return {
      ...base,
      result: created ? 'invoiced' : 'already_invoiced',
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

    /** The operator command and the benchmark: closes every (or one) company's month now. */
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
      let next = 0;
      const worker = async () => {
        while (next < list.length) {
          const company = list[next++]!;
          outcomes.push(await closeCompany(company, options.period));
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
      return outcomes;
    },

    /** The job of one company (fan-out from the hourly scan). */
    async closeCompanyById(companyId: string, period?: string): Promise<CloseOutcome | null> {
      const [company] = await repo.companies(companyId);
      return company ? closeCompany(company, period) : null;
    },

    async listInvoices(companyId: string, query: InvoiceListQuery) {
      const month = monthFilterPeriod(query.date);
      const range = month ? periodRange(month, await repo.companyTimeZone(companyId)) : null;
      const { items, total } = await repo.listInvoices(companyId, query, range);
      return {
        items: items.map((invoice) => ({
          id: invoice.id,
          invoice_number: invoice.invoiceNumber,
          date: invoice.issuedAt.toISOString(),
          total_amount: invoice.totalCents,
          invoice_url: invoiceUrl(invoice),
          status: invoice.status,
        })),
        total,
      };
    },

    async listTransactions(companyId: string, query: TransactionListQuery) {
      const month = monthFilterPeriod(query.date);
      const range = month ? periodRange(month, await repo.companyTimeZone(companyId)) : null;
      const statuses = [...(query.status ?? []), ...(query['status[]'] ?? [])];
      const { items, total } = await repo.listTransactions(
        companyId,
        { ...query, statuses },
        range,
      );
      return {
        items: items.map((t) => ({
          id: t.id,
          invoice_id: t.invoiceId,
          invoice_number: t.invoiceNumber,
          amount: t.amountCents,
          card_number: t.cardLast4,
          payment_date: t.paymentDate.toISOString(),
          status: t.status,
          failure_message: t.failureMessage,
        })),
        total,
      };
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
        const finished = await repo.finishTransaction(
          { providerPaymentId: event.providerPaymentId },
          {
            status: event.type === 'payment_intent.succeeded' ? 'success' : 'failed',
            providerPaymentId: event.providerPaymentId,
            failureMessage: event.failureMessage ?? BILLING_MESSAGES.cardDeclined,
          },
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
