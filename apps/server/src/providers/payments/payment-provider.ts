import type { CardType, PaymentProviderKind } from '@fieldbot/shared';

/** A saved card as the provider reports it (the truth; the client's copy is only a hint). */
export interface ProviderCard {
  providerMethodId: string;
  cardType: CardType;
  last4: string;
  expMonth: number;
  expYear: number;
  customerName: string | null;
}

/** A card problem the user can act on; its message is shown as is (spec §8 card form errors). */
export class CardError extends Error {
  constructor(
    message: string,
    readonly code: string = 'card_declined',
  ) {
    super(message);
    this.name = 'CardError';
  }
}

export interface ChargeInput {
  customerId: string;
  providerMethodId: string;
  amountCents: number;
  /** Same key → same charge: a retried close job or double-clicked Pay Now charges once. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

export interface ChargeResult {
  status: 'succeeded' | 'failed' | 'processing';
  providerPaymentId: string | null;
  failureMessage: string | null;
}

/** A verified webhook event, reduced to what billing acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
      providerPaymentId: string;
      failureMessage: string | null;
    }
  | { id: string; type: 'other'; rawType: string };

/**
 * Card payments: Stripe when its keys are configured, else the built-in sandbox
 * that honours Stripe's test cards. Off-session charges only; the card form talks to the
 * provider directly and hands us a payment method id.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** The card form's publishable key (Stripe), null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates the company's customer once; the caller stores the id (payment_customers). */
  createCustomer(input: { companyId: string; name: string; email: string | null }): Promise<string>;
  /** A SetupIntent for the card form, returning its client_secret. */
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;
  /**
   * Reads back a payment method the card form created for this customer, attaches it and makes it
   * the customer's default. Throws CardError when it does not exist or belongs to someone else.
   */
  attachPaymentMethod(customerId: string, providerMethodId: string): Promise<ProviderCard>;
  /** An off-session charge of the default card. Never throws for a declined card: status failed. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Verifies a webhook's signature over the raw body; throws when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
