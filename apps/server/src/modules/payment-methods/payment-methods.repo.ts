import type { PaymentProviderKind } from '@fieldbot/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, paymentCustomers, paymentMethods } from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit-log/index.js';
import { companyName } from '../../lib/company-name.js';
import type { ProviderCard } from '../../providers/payments/index.js';

export type PaymentMethodsRepo = ReturnType<typeof createPaymentMethodsRepo>;

/** The card billing charges: the company's default card at its current provider customer. */
export interface DefaultCard {
  provider: PaymentProviderKind;
  customerId: string;
  providerMethodId: string;
  cardType: string;
  last4: string;
}

/**
 * The company's default card and provider customer, or null when it has no card (at the
 * provider its customer is with now). For the billing module: charge(customerId, providerMethodId).
 */
export async function defaultCard(db: Db, companyId: string): Promise<DefaultCard | null> {
  const [row] = await db
    .select({
      provider: paymentCustomers.provider,
      customerId: paymentCustomers.customerId,
      providerMethodId: paymentMethods.providerMethodId,
      cardType: paymentMethods.cardType,
      last4: paymentMethods.last4,
    })
    .from(paymentMethods)
    .innerJoin(
      paymentCustomers,
      and(
        eq(paymentCustomers.companyId, paymentMethods.companyId),
        eq(paymentCustomers.provider, paymentMethods.provider),
      ),
    )
    .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, 1)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row ?? null;
}

export function createPaymentMethodsRepo(db: Db) {
  return {
    async customer(companyId: string) {
      const [row] = await db
        .select({ provider: paymentCustomers.provider, customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.companyId, companyId))
        .limit(1);
      return row ?? null;
    },

    /** Stores the company's first customer; a concurrent first one wins and this is ignored. */
    async insertCustomer(companyId: string, provider: PaymentProviderKind, customerId: string) {
      await db
        .insert(paymentCustomers)
        .values({ companyId, provider, customerId })
        .onConflictDoNothing({ target: paymentCustomers.companyId });
    },

    /** After the deployment switched provider (sandbox → Stripe), the new provider's customer. */
    async replaceCustomer(companyId: string, provider: PaymentProviderKind, customerId: string) {
      await db
        .update(paymentCustomers)
        .set({ provider, customerId, createdAt: new Date() })
        .where(eq(paymentCustomers.companyId, companyId));
    },

    companyName: (companyId: string) => companyName(db, companyId),

    /**
     * Saves the card as the company's only default (spec §4: billing connected) and audits it,
     * in one transaction.
     */
    async saveDefault(input: {
      companyId: string;
      provider: PaymentProviderKind;
      card: ProviderCard;
      customerName: string | null;
      userId: string;
      ip: string | null;
    }) {
      const { companyId, provider, card } = input;
      await db.transaction(async (tx) => {
        const replaced = await tx
          .update(paymentMethods)
          .set({ isDefault: 0 })
          .where(and(eq(paymentMethods.companyId, companyId), eq(paymentMethods.isDefault, 1)))
          .returning({ id: paymentMethods.id });
        const values = {
          provider,
          cardType: card.cardType,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          customerName: input.customerName,
          isDefault: 1,
        };
        await tx
          .insert(paymentMethods)
          .values({ companyId, providerMethodId: card.providerMethodId, ...values })
          .onConflictDoUpdate({
            target: [paymentMethods.companyId, paymentMethods.providerMethodId],
            set: { ...values, createdAt: new Date() },
          });
        await tx
          .update(companies)
          .set({ isBillingConnected: true, updatedAt: new Date() })
          .where(eq(companies.id, companyId));
        // A card replacing the default is a change; the card's last four digits are no secret.
        await insertAuditEntry(tx, {
          event: replaced.length > 0 ? 'payment_method.changed' : 'payment_method.added',
          userId: input.userId,
          ip: input.ip,
          companyId,
          target: { type: 'payment_method', id: card.providerMethodId },
          meta: {
            company_id: companyId,
            provider,
            provider_method_id: card.providerMethodId,
            card_type: card.cardType,
            last4: card.last4,
          },
        });
      });
    },

    /**
     * The saved default card at this provider as spec §3 shows it, or null (a sandbox card means
     * nothing once the deployment runs on Stripe).
     */
    async defaultMethod(companyId: string, provider: PaymentProviderKind) {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.companyId, companyId),
            eq(paymentMethods.provider, provider),
            eq(paymentMethods.isDefault, 1),
          ),
        )
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}
