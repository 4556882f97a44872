import {
  BILLING_MESSAGES,
  CARD_TYPES,
  type CardType,
  type PaymentMethod,
  type PaymentMethodBody,
  type SandboxConfirmSetupBody,
  type User,
} from '@fieldbot/shared';
import { DomainError, notFound } from '../../lib/errors.js';
import {
  CardError,
  SandboxNotFoundError,
  isSandboxProvider,
  type PaymentProvider,
} from '../../providers/payments/index.js';
import type { PaymentMethodsRepo } from './payment-methods.repo.js';

export interface PaymentMethodsServiceDeps {
  repo: PaymentMethodsRepo;
  provider: PaymentProvider;
  /** Drops cached sessions of the company's users, so /api/user/me shows the change at once. */
  forgetCompanyUsers(companyId: string): void;
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

/** Card problems answer 402 with the provider's (Stripe's) message and code. */
const cardProblem = (error: CardError) => new DomainError(402, error.message, { code: error.code });

const expiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;

const asCardType = (value: string): CardType =>
  (CARD_TYPES as readonly string[]).includes(value) ? (value as CardType) : 'other';

/** The caller's company id; a company admin without a company has nothing to bill (404). */
function companyOf(viewer: User): string {
  const companyId = viewer.company?.id;
  if (!companyId) throw notFound();
  return companyId;
}

/** The card form's SetupIntent, the sandbox card form, and the saved default card. */
export function createPaymentMethodsService(deps: PaymentMethodsServiceDeps) {
  const { repo, provider } = deps;

  /** The company's customer at the current provider, created once. */
  async function ensureCustomer(viewer: User, companyId: string): Promise<string> {
    const existing = await repo.customer(companyId);
    if (existing?.provider === provider.kind) return existing.customerId;
    const name = (await repo.companyName(companyId)) ?? viewer.name;
    const customerId = await provider.createCustomer({ companyId, name, email: viewer.email });
    if (existing) {
      await repo.replaceCustomer(companyId, provider.kind, customerId);
      return customerId;
    }
    await repo.insertCustomer(companyId, provider.kind, customerId);
    // Two first requests at once: both created a customer, the first stored one is the company's.
    return (await repo.customer(companyId))?.customerId ?? customerId;
  }

  /** The company's customer at the current provider, without creating one. */
  async function currentCustomer(companyId: string): Promise<string | null> {
    const existing = await repo.customer(companyId);
    return existing?.provider === provider.kind ? existing.customerId : null;
  }

  return {
    /** GET /api/company/create-setup-intent. */
    async createSetupIntent(viewer: User) {
      const companyId = companyOf(viewer);
      const customerId = await ensureCustomer(viewer, companyId);
      const { clientSecret } = await provider.createSetupIntent(customerId);
      return {
        client_secret: clientSecret,
        provider: provider.kind,
        publishable_key: provider.publishableKey,
      };
    },

    /** POST /api/payments/sandbox/confirm-setup: the sandbox's confirmCardSetup (404 on Stripe). */
    async sandboxConfirmSetup(viewer: User, body: SandboxConfirmSetupBody) {
      if (!isSandboxProvider(provider)) throw notFound();
      const companyId = companyOf(viewer);
      const customerId = await currentCustomer(companyId);
      if (!customerId) throw notFound();
      try {
        const { paymentMethodId, card } = await provider.confirmSetup(
          {
            clientSecret: body.client_secret,
            number: body.number,
            expMonth: body.exp_month,
            expYear: body.exp_year,
            cvc: body.cvc,
            name: body.name,
          },
          customerId,
        );
        return {
          payment_method: paymentMethodId,
          card_type: card.cardType,
          card_number: card.last4,
          expiry_date: expiry(card.expMonth, card.expYear),
        };
      } catch (error) {
        if (error instanceof SandboxNotFoundError) throw notFound();
        if (error instanceof CardError) throw cardProblem(error);
        throw error;
      }
    },

    /**
     * POST /api/company/payment-method: the card is read back from the provider (the body's card
     * fields are only the form's hint), becomes the default and connects billing.
     */
    async save(viewer: User, body: PaymentMethodBody, ip: string | null) {
      const companyId = companyOf(viewer);
      const customerId = await currentCustomer(companyId);
      if (!customerId) {
        throw cardProblem(
          new CardError(
            `No such PaymentMethod: '${body.source_id.slice(0, 80)}'`,
            'resource_missing',
          ),
        );
      }
      let card;
      try {
        card = await provider.attachPaymentMethod(customerId, body.source_id);
      } catch (error) {
        if (error instanceof CardError) throw cardProblem(error);
        throw error;
      }
      const customerName = card.customerName ?? body.customer_name ?? null;
      await repo.saveDefault({
        companyId,
        provider: provider.kind,
        card,
        customerName: customerName || null,
        userId: viewer.id,
        ip,
      });
      deps.forgetCompanyUsers(companyId);
      const data: PaymentMethod = {
        card_type: card.cardType,
        card_number: card.last4,
        customer_name: customerName || null,
        expiry_date: expiry(card.expMonth, card.expYear),
        source_id: card.providerMethodId,
      };
      return { message: BILLING_MESSAGES.cardAdded, data };
    },

    /** GET /api/company/payment-method: the default card, or null ('No Payment Method added.'). */
    async current(viewer: User): Promise<PaymentMethod | null> {
      const row = await repo.defaultMethod(companyOf(viewer), provider.kind);
      if (!row) return null;
      return {
        card_type: asCardType(row.cardType),
        card_number: row.last4,
        customer_name: row.customerName,
        expiry_date: expiry(row.expMonth, row.expYear),
        source_id: row.providerMethodId,
      };
    },
  };
}
