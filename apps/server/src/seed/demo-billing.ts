import { periodOf, previousPeriod } from '@fieldbot/shared';
import { eq } from 'drizzle-orm';
import { createBillingRepo, createBillingService } from '../modules/billing/index.js';
import { periodUsages } from '../modules/usage/index.js';
import { createSandboxPaymentProvider } from '../providers/payments/index.js';
import type { Db } from '../db/client.js';
import { companies, paymentCustomers, paymentMethods, timezones } from '../db/schema/index.js';

/** A demo company's billing: its saved sandbox test card and how many past months to close. */
export interface DemoBillingAccount {
  companyId: string;
  name: string;
  email: string;
  /** A Stripe test number the sandbox honours (4242… pays, …0341 fails every charge). */
  cardNumber: string;
  /** Months closed before `now`, oldest first (each through the real close and charge). */
  closedMonths: number;
}

export interface DemoBillingOptions {
  now: Date;
  pricePerMinuteCents: number;
  appUrl: string;
}

/**
 * Billing history of the demo companies, made by the real code paths: the card is saved through
 * the sandbox provider as the card form would, and each past month is closed by the billing
 * service (invoice from the demo usage, then the charge). A card that fails every charge leaves
 * that company payment-due, so the lock and Pay Now can be shown.
 */
export async function seedDemoBilling(
  db: Db,
  accounts: readonly DemoBillingAccount[],
  options: DemoBillingOptions,
): Promise<void> {
  // The sandbox signs webhooks with a secret derived from this; the demo sends none.
  const payments = createSandboxPaymentProvider(db, 'fieldbot-demo-seed');
  const billing = createBillingService({
    repo: createBillingRepo(db),
    payments,
    usage: (windows) => periodUsages(db, windows, options.pricePerMinuteCents),
    pricePerMinuteCents: options.pricePerMinuteCents,
    // Nobody reads the demo's failed-charge mail.
    sendMail: async () => undefined,
    appUrl: options.appUrl,
    now: () => options.now,
  });

  for (const account of accounts) {
    const customerId = await payments.createCustomer({
      companyId: account.companyId,
      name: account.name,
      email: account.email,
    });
    await db
      .insert(paymentCustomers)
      .values({ companyId: account.companyId, provider: 'sandbox', customerId });
    const { clientSecret } = await payments.createSetupIntent(customerId);
    const { paymentMethodId } = await payments.confirmSetup(
      {
        clientSecret,
        number: account.cardNumber,
        expMonth: 12,
        expYear: options.now.getUTCFullYear() + 4,
        cvc: '123',
        name: account.name,
      },
      customerId,
    );
    const card = await payments.attachPaymentMethod(customerId, paymentMethodId);
    await db.insert(paymentMethods).values({
      companyId: account.companyId,
      provider: 'sandbox',
      providerMethodId: card.providerMethodId,
      cardType: card.cardType,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      customerName: card.customerName,
    });

    const [company] = await db
      .select({ createdAt: companies.createdAt, timeZone: timezones.iana })
      .from(companies)
      .leftJoin(timezones, eq(timezones.id, companies.timezoneId))
      .where(eq(companies.id, account.companyId));
    const timeZone = company?.timeZone ?? 'America/New_York';
    const months: string[] = [];
    let month = periodOf(options.now, timeZone);
    for (let i = 0; i < account.closedMonths; i += 1) {
      month = previousPeriod(month);
      months.unshift(month);
    }
    for (const period of months) {
      await billing.closeCompany(
        { id: account.companyId, createdAt: company!.createdAt, timeZone },
        period,
      );
    }
  }
}
