import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { CardError, type PaymentProvider } from '../src/providers/payments';
import { createStripePaymentProvider } from '../src/providers/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';

let fake: FakeStripe;
let stripe: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripePaymentProvider({
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
  });
});
afterAll(async () => {
  await fake?.close();
});

/** A customer with a card saved through a confirmed SetupIntent, as the card form would. */
async function customerWithCard(number: string, name = 'Dana Diaz') {
  const customerId = await stripe.createCustomer({
    companyId: '3d1a1b8e-4f2c-4c1e-9a51-1e0f6f7a0c11',
    name: 'Maple Heating',
    email: 'billing@maple.test',
  });
  const { clientSecret } = await stripe.createSetupIntent(customerId);
  const confirmed = fake.confirmSetupIntent(clientSecret, { number, name });
  if (!('paymentMethod' in confirmed)) throw new Error(JSON.stringify(confirmed.error));
  return { customerId, methodId: confirmed.paymentMethod };
}

const chargeInput = (customerId: string, providerMethodId: string, idempotencyKey: string) => ({
  customerId,
  providerMethodId,
  amountCents: 12_345,
  idempotencyKey,
  description: 'Fieldbot invoice 1001',
  metadata: { invoice_id: 'inv-1' },
});

describe('Stripe adapter against the local fake', () => {
  it('creates a customer with the company in its metadata', async () => {
    const customerId = await stripe.createCustomer({
      companyId: 'c0ffee00-0000-4000-8000-000000000001',
      name: 'Globex Plumbing',
      email: null,
    });
    expect(customerId).toMatch(/^cus_/);
    expect(fake.customers.get(customerId)).toMatchObject({
      name: 'Globex Plumbing',
      email: null,
      metadata: { company_id: 'c0ffee00-0000-4000-8000-000000000001' },
    });
    expect(stripe.kind).toBe('stripe');
    expect(stripe.publishableKey).toBe(fake.publishableKey);
  });

  it('creates an off-session card SetupIntent and returns its client_secret', async () => {
    const customerId = await stripe.createCustomer({ companyId: 'x', name: 'A', email: null });
    const { clientSecret } = await stripe.createSetupIntent(customerId);
    const intent = fake.setupIntents.get(clientSecret.split('_secret_')[0]!);
    expect(intent).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      payment_method_types: ['card'],
      client_secret: clientSecret,
    });
  });

  it('reads the card back, keeps it attached and makes it the customer’s default', async () => {
    const { customerId, methodId } = await customerWithCard('5555555555554444');
    const card = await stripe.attachPaymentMethod(customerId, methodId);
    expect(card).toEqual({
      providerMethodId: methodId,
      cardType: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      customerName: 'Dana Diaz',
    });
    expect(fake.customers.get(customerId)).toMatchObject({
      invoice_settings: { default_payment_method: methodId },
    });
  });

  it('attaches an unattached card, and refuses another customer’s card or a made-up id', async () => {
    const customerId = await stripe.createCustomer({ companyId: 'y', name: 'B', email: null });
    const loose = fake.createPaymentMethod({ number: '378282246310005' });
    const card = await stripe.attachPaymentMethod(customerId, loose);
    expect(card).toMatchObject({ cardType: 'amex', last4: '0005' });
    expect(fake.paymentMethods.get(loose)?.customer).toBe(customerId);

    const other = await customerWithCard('4242424242424242');
    await expect(stripe.attachPaymentMethod(customerId, other.methodId)).rejects.toBeInstanceOf(
      CardError,
    );
    await expect(stripe.attachPaymentMethod(customerId, 'pm_made_up')).rejects.toThrow(
      "No such PaymentMethod: 'pm_made_up'",
    );
    expect(fake.customers.get(customerId)).toMatchObject({
      invoice_settings: { default_payment_method: loose },
    });
  });

  it('charges off-session with the idempotency key: success', async () => {
    const { customerId, methodId } = await customerWithCard('4242424242424242');
    await stripe.attachPaymentMethod(customerId, methodId);
    const result = await stripe.charge(chargeInput(customerId, methodId, 'close:inv-1:1'));
    expect(result.status).toBe('succeeded');
    expect(result.failureMessage).toBeNull();
    const intent = fake.paymentIntents.get(result.providerPaymentId!);
    expect(intent).toMatchObject({
      amount: 12_345,
      currency: 'usd',
      customer: customerId,
      payment_method: methodId,
      status: 'succeeded',
      metadata: { invoice_id: 'inv-1' },
    });
    const request = fake.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(request).toMatchObject({
      idempotencyKey: 'close:inv-1:1',
      body: { off_session: 'true', confirm: 'true' },
    });
  });

  it('answers a declined charge as failed with the decline message, without throwing', async () => {
    const { customerId, methodId } = await customerWithCard('4000000000000341');
    await stripe.attachPaymentMethod(customerId, methodId);
    const result = await stripe.charge(chargeInput(customerId, methodId, 'close:inv-2:1'));
    expect(result).toEqual({
      status: 'failed',
      providerPaymentId: expect.stringMatching(/^pi_/),
      failureMessage: 'Your card was declined.',
    });
    expect(fake.paymentIntents.get(result.providerPaymentId!)?.status).toBe(
      'requires_payment_method',
    );
  });

  it('a repeated key charges once and answers the same payment intent', async () => {
    const { customerId, methodId } = await customerWithCard('4242424242424242');
    await stripe.attachPaymentMethod(customerId, methodId);
    const before = fake.paymentIntents.size;
    const first = await stripe.charge(chargeInput(customerId, methodId, 'pay-now:inv-3'));
    const second = await stripe.charge(chargeInput(customerId, methodId, 'pay-now:inv-3'));
    expect(second).toEqual(first);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const third = await stripe.charge(chargeInput(customerId, methodId, 'pay-now:inv-3:retry'));
    expect(third.providerPaymentId).not.toBe(first.providerPaymentId);
    expect(fake.paymentIntents.size).toBe(before + 2);
  });

  it('a declined card at setup never produces a payment method', async () => {
    const customerId = await stripe.createCustomer({ companyId: 'z', name: 'C', email: null });
    const { clientSecret } = await stripe.createSetupIntent(customerId);
    const confirmed = fake.confirmSetupIntent(clientSecret, { number: '4000000000000002' });
    expect(confirmed).toEqual({
      error: expect.objectContaining({ code: 'card_declined', message: 'Your card was declined.' }),
    });
  });

  it('verifies webhooks on the raw body: a good signature is parsed, a bad one refused', async () => {
    const { customerId, methodId } = await customerWithCard('4000000000000341');
    const result = await stripe.charge(chargeInput(customerId, methodId, 'close:inv-4:1'));
    const event = fake.events.findLast(
      (e) => (e.data as { object: { id: string } }).object.id === result.providerPaymentId,
    )!;
    expect(event.type).toBe('payment_intent.payment_failed');

    const { payload, signature } = fake.signedWebhook(event);
    expect(stripe.parseWebhook(payload, signature)).toEqual({
      id: event.id,
      type: 'payment_intent.payment_failed',
      providerPaymentId: result.providerPaymentId,
      failureMessage: 'Your card was declined.',
    });

    const ok = fake.signedWebhook(
      fake.event('payment_intent.succeeded', result.providerPaymentId!),
    );
    expect(stripe.parseWebhook(ok.payload, ok.signature)).toMatchObject({
      type: 'payment_intent.succeeded',
      failureMessage: null,
    });

    // Signed with another secret, a tampered body, no header, a stale timestamp: all refused.
    const forged = fake.signedWebhook(event, 'whsec_someone_else');
    expect(() => stripe.parseWebhook(forged.payload, forged.signature)).toThrow();
    const tampered = Buffer.from(payload.toString().replace('payment_failed', 'succeeded'));
    expect(() => stripe.parseWebhook(tampered, signature)).toThrow();
    expect(() => stripe.parseWebhook(payload, undefined)).toThrow();
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: payload.toString(),
      secret: fake.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => stripe.parseWebhook(payload, stale)).toThrow();

    const other = fake.signedWebhook({ id: 'evt_1', object: 'event', type: 'customer.created' });
    expect(stripe.parseWebhook(other.payload, other.signature)).toEqual({
      id: 'evt_1',
      type: 'other',
      rawType: 'customer.created',
    });
  });

  it('refuses a wrong secret key as the real API does (the adapter throws)', async () => {
    const wrong = createStripePaymentProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk',
      webhookSecret: 'whsec',
      apiUrl: fake.url,
    });
    await expect(wrong.createCustomer({ companyId: 'q', name: 'Q', email: null })).rejects.toThrow(
      /Invalid API Key/,
    );
  });
});
