import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ChargeInput,
  ChargeResult,
  PaymentEvent,
  PaymentProvider,
  ProviderCard,
} from '../../src/providers/payments/payment-provider';

export type CardBehaviour = 'succeed' | 'decline' | 'processing';

/**
 * An in-memory payment provider for billing tests: each payment method id behaves as the test
 * says (succeed, decline, processing), charges are deduplicated by idempotency key like Stripe's,
 * and webhooks are signed with HMAC-SHA256 of the raw body under a known secret.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly publishableKey = null;
  readonly secret = 'fake-webhook-secret';
  /** Behaviour per payment method id; unknown ids succeed. */
  readonly behaviour = new Map<string, CardBehaviour>();
  /** Decides before `behaviour` when it returns a value (e.g. by amount). */
  override: ((input: ChargeInput) => CardBehaviour | undefined) | null = null;
  /** Every charge call, including ones answered from the idempotency cache. */
  readonly calls: ChargeInput[] = [];
  /** Charges actually made (one per distinct idempotency key). */
  readonly charges = new Map<string, ChargeInput & { result: ChargeResult }>();
  private counter = 0;

  async createCustomer(): Promise<string> {
    return `cus_fake_${++this.counter}`;
  }

  async createSetupIntent(): Promise<{ clientSecret: string }> {
    return { clientSecret: `seti_fake_${++this.counter}_secret` };
  }

  async attachPaymentMethod(_customerId: string, providerMethodId: string): Promise<ProviderCard> {
    return {
      providerMethodId,
      cardType: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      customerName: null,
    };
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    this.calls.push(input);
    const previous = this.charges.get(input.idempotencyKey);
    if (previous) return previous.result;
    const id = `pi_fake_${++this.counter}`;
    const behaviour =
      this.override?.(input) ?? this.behaviour.get(input.providerMethodId) ?? 'succeed';
    const result: ChargeResult =
      behaviour === 'succeed'
        ? { status: 'succeeded', providerPaymentId: id, failureMessage: null }
        : behaviour === 'processing'
          ? { status: 'processing', providerPaymentId: id, failureMessage: null }
          : { status: 'failed', providerPaymentId: id, failureMessage: 'Your card was declined.' };
    this.charges.set(input.idempotencyKey, { ...input, result });
    return result;
  }

  /** The signature header of a raw body. */
  sign(raw: string | Buffer): string {
    return createHmac('sha256', this.secret).update(raw).digest('hex');
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    const expected = Buffer.from(this.sign(rawBody));
    const given = Buffer.from(signature ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new Error('bad signature');
    }
    const body = JSON.parse(rawBody.toString('utf8')) as {
      id: string;
      type: string;
      data: { id: string; failure_message?: string };
    };
    if (body.type === 'payment_intent.succeeded' || body.type === 'payment_intent.payment_failed') {
      return {
        id: body.id,
        type: body.type,
        providerPaymentId: body.data.id,
        failureMessage: body.data.failure_message ?? null,
      };
    }
    return { id: body.id, type: 'other', rawType: body.type };
  }

  /** Charges made with this payment method. */
  chargesOf(providerMethodId: string) {
    return [...this.charges.values()].filter((c) => c.providerMethodId === providerMethodId);
  }
}
