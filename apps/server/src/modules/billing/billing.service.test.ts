import { BILLING_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it, vi } from 'vitest';
import type { ChargeInput, PaymentProvider } from '../../providers/payments/payment-provider.js';
import type {
  BillingRepo,
  ChargeDecision,
  ChargeState,
  InvoiceRow,
  TransactionRow,
} from './billing.repo.js';
import { createBillingService, invoiceLinesOf } from './billing.service.js';

const invoice: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  companyId: 'c1',
  period: '2025-06',
  invoiceNumber: 'INV-001001',
  periodStart: new Date('2025-06-01T04:00:00Z'),
  periodEnd: new Date('2025-07-01T04:00:00Z'),
  issuedAt: new Date('2025-07-01T12:00:00Z'),
  totalCents: 500,
  status: 'open',
  viewToken: 'token',
  createdAt: new Date('2025-07-01T12:00:00Z'),
};

const pendingTx = (providerPaymentId: string | null): TransactionRow => ({
  id: 't1',
  companyId: 'c1',
  invoiceId: invoice.id,
  amountCents: 500,
  cardType: 'visa',
  cardLast4: '4242',
  status: 'processing',
  provider: 'sandbox',
  providerPaymentId,
  failureMessage: null,
  idempotencyKey: `invoice:${invoice.id}:attempt:1`,
  paymentDate: new Date(),
  createdAt: new Date(),
});

const card = { customerId: 'cus_1', providerMethodId: 'pm_1', cardType: 'visa', last4: '4242' };

/** A service over a stub repo whose locked invoice looks like `state`. */
function serviceWith(state: Omit<ChargeState, 'invoice'>) {
  const decisions: ChargeDecision[] = [];
  const charges: ChargeInput[] = [];
  const sendMail = vi.fn(async () => undefined);
  const repo = {
    companies: async () => [
      { id: 'c1', name: 'Acme', createdAt: new Date('2024-01-01'), timeZone: 'America/New_York' },
    ],
    invoicesFor: async () => [invoice],
    createInvoices: async () => [],
    invoicesOfPeriods: async () => [],
    companyUserIds: async () => ['u1'],
    companyAdmins: async () => [{ id: 'u1', name: 'Ada', email: 'ada@example.test' }],
    async prepareCharges(_ids: string[], decide: (s: ChargeState) => ChargeDecision) {
      const full = { ...state, invoice };
      const decision = decide(full);
      decisions.push(decision);
      const transaction =
        decision.kind === 'insert'
          ? { ...pendingTx(null), ...decision.transaction }
          : decision.kind === 'resume'
            ? decision.transaction
            : null;
      return [{ state: full, decision, transaction }];
    },
    finishTransactions: async (items: { outcome: { status: 'success' } }[]) =>
      items.map(({ outcome }) => ({
        transaction: { ...pendingTx('pi_1'), status: outcome.status },
        due: false,
        changed: true,
      })),
  } as unknown as BillingRepo;
  const payments = {
    kind: 'sandbox',
    charge: async (input: ChargeInput) => {
      charges.push(input);
      return { status: 'succeeded', providerPaymentId: 'pi_1', failureMessage: null };
    },
  } as unknown as PaymentProvider;
  const service = createBillingService({
    repo,
    payments,
    usage: async () => {
      throw new Error('not used: the invoice exists');
    },
    pricePerMinuteCents: 5,
    sendMail,
    forgetUsers: () => undefined,
    appUrl: 'http://app.test',
    now: () => new Date('2025-07-02T12:00:00Z'),
  });
  return { service, decisions, charges, sendMail };
}

describe('billing close charge decisions', () => {
  it('without a card records a failed attempt, makes the company payment-due and mails its admins', async () => {
    const { service, decisions, charges, sendMail } = serviceWith({ transactions: [], card: null });
    const outcome = await service.closeCompanyById('c1');
    expect(outcome).toMatchObject({ result: 'already_invoiced', charge: 'no_card' });
    expect(decisions[0]).toMatchObject({
      kind: 'insert',
      due: true,
      invoiceStatus: 'failed',
      transaction: {
        status: 'failed',
        failureMessage: BILLING_MESSAGES.noCardToCharge,
        idempotencyKey: `invoice:${invoice.id}:attempt:1`,
      },
    });
    expect(charges).toHaveLength(0);
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'ada@example.test',
        subject: 'Payment failed for invoice INV-001001',
      }),
    );
  });

  it('after a crash between recording the attempt and the answer, asks again with the same key', async () => {
    const { service, charges } = serviceWith({ transactions: [pendingTx(null)], card });
    expect(await service.closeCompanyById('c1')).toMatchObject({ charge: 'success' });
    expect(charges.map((c) => c.idempotencyKey)).toEqual([`invoice:${invoice.id}:attempt:1`]);
  });

  it('leaves an attempt the provider reported processing to its webhook', async () => {
    const { service, charges } = serviceWith({ transactions: [pendingTx('pi_9')], card });
    expect(await service.closeCompanyById('c1')).toMatchObject({ charge: 'processing' });
    expect(charges).toHaveLength(0);
  });

  it('does not charge again after a failed attempt (Pay Now does)', async () => {
    const failed = { ...pendingTx('pi_2'), status: 'failed' as const };
    const { service, charges } = serviceWith({ transactions: [failed], card });
    expect(await service.closeCompanyById('c1')).toMatchObject({ charge: 'none' });
    expect(charges).toHaveLength(0);
  });
});

describe('invoice lines', () => {
  it('bills minutes at the platform price and each bot at its runs’ exact client cost', () => {
    const lines = invoiceLinesOf(
      {
        seconds: 211.5,
        minutes: 4,
        minutesCents: 20,
        bots: [
          { botId: 'b1', botName: 'Summary', runs: 3, clientCostMillicents: 3703, amountCents: 4 },
        ],
        botRunsCents: 4,
        totalCents: 24,
      },
      5,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'minutes',
        quantity: 4,
        unitMillicents: 5000,
        amountCents: 20,
      }),
      expect.objectContaining({
        kind: 'bot_runs',
        botId: 'b1',
        description: 'Bot runs: Summary',
        quantity: 3,
        unitMillicents: 1234,
        amountCents: 4,
      }),
    ]);
  });
});
