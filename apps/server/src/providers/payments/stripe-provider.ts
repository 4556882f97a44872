import { CARD_TYPES, type CardType } from '@fieldbot/shared';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import { toPaymentEvent } from './payment-events.js';
import {
  CardError,
  type ChargeResult,
  type PaymentProvider,
  type ProviderCard,
} from './payment-provider.js';

/** Stripe's card brands that are not ours by the same name. */
const BRAND_ALIASES: Record<string, CardType> = { american_express: 'amex' };

function cardTypeOf(brand: string | undefined): CardType {
  if (!brand) return 'other';
  if ((CARD_TYPES as readonly string[]).includes(brand)) return brand as CardType;
  return BRAND_ALIASES[brand] ?? 'other';
}

/** SDK options that point it at `apiUrl` (a local fake in tests) instead of api.stripe.com. */
function hostOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's "no such object" (a made-up or another account's id) as a card problem. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
  );
}

/**
 * Stripe, when its keys are configured: the card form confirms a SetupIntent
 * (off_session, card) with Stripe.js; we read the resulting PaymentMethod back, check it is this
 * customer's, and make it the customer's default; monthly charges are confirmed off-session
 * PaymentIntents under our idempotency key; webhooks are verified on the raw body.
 */
export function createStripePaymentProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...hostOptions(config.apiUrl),
    telemetry: false,
    appInfo: { name: 'Fieldbot' },
  });

  function intentResult(intent: Stripe.PaymentIntent): ChargeResult {
    if (intent.status === 'succeeded') {
      return { status: 'succeeded', providerPaymentId: intent.id, failureMessage: null };
    }
    if (intent.status === 'processing') {
      return { status: 'processing', providerPaymentId: intent.id, failureMessage: null };
    }
    // requires_action (authentication an off-session charge cannot do), requires_payment_method…
    return {
      status: 'failed',
      providerPaymentId: intent.id,
      failureMessage:
        intent.last_payment_error?.message ??
        'This payment requires authentication. Please add a different card and try again.',
    };
  }

  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,

    async createCustomer({ companyId, name, email }) {
      const customer = await stripe.customers.create({
        name,
        ...(email ? { email } : {}),
        metadata: { company_id: companyId },
      });
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client_secret`);
      return { clientSecret: intent.client_secret };
    },

    async attachPaymentMethod(customerId, providerMethodId): Promise<ProviderCard> {
      const notFound = () =>
        new CardError(
          `No such PaymentMethod: '${providerMethodId.slice(0, 80)}'`,
          'resource_missing',
        );
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(providerMethodId);
      } catch (error) {
        if (isMissing(error)) throw notFound();
        throw error;
      }
      const owner = idOf(method.customer);
      if (owner !== null && owner !== customerId) throw notFound();
      if (method.type !== 'card' || !method.card) {
        throw new CardError('Only cards can be saved.', 'payment_method_unsupported');
      }
      if (owner === null) {
        try {
          method = await stripe.paymentMethods.attach(providerMethodId, { customer: customerId });
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) {
            throw new CardError(error.message, error.code ?? 'card_declined');
          }
          if (isMissing(error)) throw notFound();
          throw error;
        }
      }
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: providerMethodId },
      });
      const card = method.card!;
      return {
        providerMethodId: method.id,
        cardType: cardTypeOf(card.brand),
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        customerName: method.billing_details?.name ?? null,
      };
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.providerMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return intentResult(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerPaymentId: error.payment_intent?.id ?? null,
            failureMessage: error.message,
          };
        }
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new Error('The webhook has no Stripe-Signature header');
      return toPaymentEvent(
        stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret),
      );
    },
  };
}
