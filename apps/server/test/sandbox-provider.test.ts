import { BILLING_MESSAGES } from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { sandboxPaymentObjects } from '../src/db/schema';
import {
  CardError,
  SandboxNotFoundError,
  createSandboxPaymentProvider,
  type SandboxPaymentProvider,
} from '../src/providers/payments';
import { HOOK_TIMEOUT_MS } from './support/test-app';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const SECRET = 'a-session-secret-of-the-sandbox-test-0123456789';
let testDb: TestDatabase;
let database: Database;
let sandbox: SandboxPaymentProvider;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({
    databaseUrl: testDb.databaseUrl,
    dataDir: testDb.dataDir,
  } as AppConfig);
  await database.migrate();
  sandbox = createSandboxPaymentProvider(database.db, SECRET);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
}, HOOK_TIMEOUT_MS);

const nextYear = new Date().getFullYear() + 1;

async function newCustomer() {
  return sandbox.createCustomer({
    companyId: '3d1a1b8e-4f2c-4c1e-9a51-1e0f6f7a0c11',
    name: 'Maple Heating',
    email: 'owner@maple.test',
  });
}

async function saveCard(number: string, cvc = '987') {
  const customerId = await newCustomer();
  const { clientSecret } = await sandbox.createSetupIntent(customerId);
  const { paymentMethodId } = await sandbox.confirmSetup(
    { clientSecret, number, cvc, expMonth: 7, expYear: nextYear, name: 'Dana Diaz' },
    customerId,
  );
  return { customerId, methodId: paymentMethodId };
}

const charge = (customerId: string, providerMethodId: string, idempotencyKey: string) =>
  sandbox.charge({
    customerId,
    providerMethodId,
    amountCents: 4_250,
    idempotencyKey,
    description: 'Invoice 1001',
    metadata: { invoice_id: 'inv' },
  });

async function rows() {
  return database.db.select().from(sandboxPaymentObjects);
}

describe('sandbox payment provider', () => {
  it('4242: saves, becomes the default, and charges; ids look like Stripe’s', async () => {
    const customerId = await newCustomer();
    expect(customerId).toMatch(/^cus_sb_[0-9a-f]+$/);
    const { clientSecret } = await sandbox.createSetupIntent(customerId);
    expect(clientSecret).toMatch(/^seti_sb_[0-9a-f]+_secret_[0-9a-f]+$/);
    const confirmed = await sandbox.confirmSetup(
      { clientSecret, number: '4242 4242 4242 4242', cvc: '987', expMonth: 7, expYear: nextYear },
      customerId,
    );
    expect(confirmed.paymentMethodId).toMatch(/^pm_sb_/);
    const card = await sandbox.attachPaymentMethod(customerId, confirmed.paymentMethodId);
    expect(card).toEqual({
      providerMethodId: confirmed.paymentMethodId,
      cardType: 'visa',
      last4: '4242',
      expMonth: 7,
      expYear: nextYear,
      customerName: null,
    });
    const result = await charge(customerId, confirmed.paymentMethodId, 'close:a');
    expect(result).toEqual({
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^pi_sb_/),
      failureMessage: null,
    });
    const stored = await rows();
    const customer = stored.find((r) => r.id === customerId);
    expect(customer?.data.default_payment_method).toBe(confirmed.paymentMethodId);
    const intent = stored.find((r) => r.id === result.providerPaymentId);
    expect(intent).toMatchObject({ kind: 'payment_intent', customerId });
    expect(intent?.data).toMatchObject({ amount: 4_250, status: 'succeeded' });
  });

  it('stores brand, last four, expiry, name and behaviour only: never the number or the CVC', async () => {
    const { methodId } = await saveCard('5555555555554444', '987');
    const method = (await rows()).find((r) => r.id === methodId)!;
    expect(method.data).toEqual({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 7,
      exp_year: nextYear,
      name: 'Dana Diaz',
      behaviour: 'succeeds',
    });
    const everything = JSON.stringify(await rows());
    expect(everything).not.toContain('5555555555554444');
    expect(everything).not.toContain('4242424242424242');
    expect(everything).not.toContain('"987"');
  });

  it('0002 is declined at save: nothing is saved and the setup intent stays usable', async () => {
    const customerId = await newCustomer();
    const { clientSecret } = await sandbox.createSetupIntent(customerId);
    const before = (await rows()).filter((r) => r.kind === 'payment_method').length;
    const attempt = sandbox.confirmSetup(
      { clientSecret, number: '4000 0000 0000 0002', cvc: '123', expMonth: 1, expYear: nextYear },
      customerId,
    );
    await expect(attempt).rejects.toBeInstanceOf(CardError);
    await expect(attempt).rejects.toMatchObject({
      message: BILLING_MESSAGES.cardDeclined,
      code: 'card_declined',
    });
    expect((await rows()).filter((r) => r.kind === 'payment_method').length).toBe(before);

    const retried = await sandbox.confirmSetup(
      { clientSecret, number: '378282246310005', cvc: '1234', expMonth: 1, expYear: nextYear },
      customerId,
    );
    expect(retried.card).toMatchObject({ cardType: 'amex', last4: '0005' });
    // A succeeded setup intent is not confirmed twice.
    await expect(
      sandbox.confirmSetup(
        { clientSecret, number: '4242424242424242', cvc: '123', expMonth: 1, expYear: nextYear },
        customerId,
      ),
    ).rejects.toMatchObject({ code: 'setup_intent_unexpected_state' });
  });

  it('0341 saves, but every charge fails with the decline message (no throw)', async () => {
    const { customerId, methodId } = await saveCard('4000000000000341');
    await sandbox.attachPaymentMethod(customerId, methodId);
    const first = await charge(customerId, methodId, 'close:b');
    expect(first).toEqual({
      status: 'failed',
      providerPaymentId: expect.stringMatching(/^pi_sb_/),
      failureMessage: BILLING_MESSAGES.cardDeclined,
    });
    const second = await charge(customerId, methodId, 'pay-now:b');
    expect(second.status).toBe('failed');
    expect(second.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('card checks answer Stripe’s wording', async () => {
    const customerId = await newCustomer();
    const { clientSecret } = await sandbox.createSetupIntent(customerId);
    const confirm = (number: string, cvc: string, expMonth: number, expYear: number) =>
      sandbox.confirmSetup({ clientSecret, number, cvc, expMonth, expYear }, customerId);
    await expect(confirm('4242424242424241', '123', 1, nextYear)).rejects.toThrow(
      BILLING_MESSAGES.invalidCardNumber,
    );
    await expect(confirm('4242424242424242', '123', 1, 2021)).rejects.toThrow(
      BILLING_MESSAGES.invalidExpiry,
    );
    await expect(confirm('378282246310005', '123', 1, nextYear)).rejects.toThrow(
      BILLING_MESSAGES.invalidCvc,
    );
    const intent = (await rows()).find((r) => clientSecret.startsWith(`${r.id}_secret_`));
    expect(intent?.data.last_setup_error).toEqual({
      code: 'invalid_cvc',
      message: BILLING_MESSAGES.invalidCvc,
    });
  });

  it('the same idempotency key charges once, also when two charges race', async () => {
    const { customerId, methodId } = await saveCard('4242424242424242');
    const first = await charge(customerId, methodId, 'close:c');
    const again = await charge(customerId, methodId, 'close:c');
    expect(again).toEqual(first);
    const raced = await Promise.all([
      charge(customerId, methodId, 'close:d'),
      charge(customerId, methodId, 'close:d'),
      charge(customerId, methodId, 'close:d'),
    ]);
    expect(new Set(raced.map((r) => r.providerPaymentId)).size).toBe(1);
    const intents = (await rows()).filter(
      (r) => r.kind === 'payment_intent' && r.customerId === customerId,
    );
    expect(intents).toHaveLength(2);
  });

  it('keeps each customer to its own setup intents and cards', async () => {
    const mine = await newCustomer();
    const theirs = await saveCard('4242424242424242');
    const { clientSecret: theirSecret } = await sandbox.createSetupIntent(theirs.customerId);
    const card = { number: '4242424242424242', cvc: '123', expMonth: 1, expYear: nextYear };
    await expect(
      sandbox.confirmSetup({ clientSecret: theirSecret, ...card }, mine),
    ).rejects.toBeInstanceOf(SandboxNotFoundError);
    await expect(
      sandbox.confirmSetup({
        clientSecret: `${theirSecret.split('_secret_')[0]}_secret_x`,
        ...card,
      }),
    ).rejects.toBeInstanceOf(SandboxNotFoundError);
    await expect(sandbox.attachPaymentMethod(mine, theirs.methodId)).rejects.toThrow(
      `No such PaymentMethod: '${theirs.methodId}'`,
    );
    const refused = await charge(mine, theirs.methodId, 'close:e');
    expect(refused).toMatchObject({ status: 'failed', providerPaymentId: null });
  });

  it('another process on the same database sees the same objects', async () => {
    const { customerId, methodId } = await saveCard('6011111111111117');
    const first = await charge(customerId, methodId, 'close:f');
    const otherProcess = createSandboxPaymentProvider(database.db, SECRET);
    expect(await otherProcess.attachPaymentMethod(customerId, methodId)).toMatchObject({
      cardType: 'discover',
      last4: '1117',
    });
    expect(
      await otherProcess.charge({
        customerId,
        providerMethodId: methodId,
        amountCents: 4_250,
        idempotencyKey: 'close:f',
        description: 'Invoice 1001',
        metadata: {},
      }),
    ).toEqual(first);
  });

  it('webhooks: verifies a Stripe-style signature with the secret derived from the session secret', () => {
    const payload = JSON.stringify({
      id: 'evt_sb_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: {
        object: { id: 'pi_sb_1', last_payment_error: { message: 'Your card was declined.' } },
      },
    });
    const signature = sandbox.signWebhook(payload);
    expect(sandbox.parseWebhook(Buffer.from(payload), signature)).toEqual({
      id: 'evt_sb_1',
      type: 'payment_intent.payment_failed',
      providerPaymentId: 'pi_sb_1',
      failureMessage: 'Your card was declined.',
    });
    const otherDeployment = createSandboxPaymentProvider(
      database.db,
      'another-session-secret-000000',
    );
    expect(() => otherDeployment.parseWebhook(Buffer.from(payload), signature)).toThrow();
    expect(() => sandbox.parseWebhook(Buffer.from(payload), undefined)).toThrow();
    expect(() =>
      sandbox.parseWebhook(Buffer.from(payload.replace('pi_sb_1', 'pi_sb_2')), signature),
    ).toThrow();
    expect(() => sandbox.parseWebhook(Buffer.from(payload), 'v1=deadbeef')).toThrow();
  });
});
