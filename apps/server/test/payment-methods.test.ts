import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  companyCreateResponseSchema,
  dataResponseSchema,
  paymentMethodResponseSchema,
  paymentMethodSavedResponseSchema,
  sandboxConfirmSetupResponseSchema,
  setupIntentResponseSchema,
  userResponseSchema,
} from '@fieldbot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCard } from '../src/modules/payment-methods/payment-methods.module';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe';
import { withDb } from './support/drizzle-db';
import { signUpVerified } from './support/fresh-account';
import {
  HOOK_TIMEOUT_MS,
  SLOW_TEST_TIMEOUT_MS,
  signedInClients,
  startTestApp,
  useTestApp,
  type TestApp,
} from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);
const nextYear = new Date().getFullYear() + 1;

let companyForm: Record<string, unknown>;

beforeAll(async () => {
  const res = await (
    await as(DEMO.admin.email)
  ).get('/api/data?items=timezones,industries,trades,company_types');
  expect(res.status, res.text).toBe(200);
  const data = dataResponseSchema.parse(res.body).data;
  const industry = data.industries![0]!;
  companyForm = {
    street_address: '1600 Amphitheatre Pkwy',
    city: 'Mountain View',
    state: 'CA',
    zipcode: '94043',
    country: 'US',
    lat: 37.422,
    lng: -122.084,
    timezone_id: data.timezones![0]!.id,
    industry_id: industry.id,
    type_id: data.company_types![0]!.id,
    trade_ids: data
      .trades!.filter((tr) => tr.industry_id === industry.id)
      .map((tr) => tr.id)
      .slice(0, 1),
    description: 'We keep homes warm.',
  };
}, SLOW_TEST_TIMEOUT_MS);

/** A fresh company admin with a fresh company (not yet billing connected). */
async function adminWithCompany(app: TestApp, label: string) {
  const { client } = await signUpVerified(app, label, 'Company Founder');
  const res = await client.post('/api/company/create', { name: `${label} Co`, ...companyForm });
  expect(res.status, res.text).toBe(201);
  return { client, companyId: companyCreateResponseSchema.parse(res.body).data.id };
}

async function me(client: ApiClient) {
  const res = await client.get('/api/user/me');
  expect(res.status, res.text).toBe(200);
  return userResponseSchema.parse(res.body).data;
}

async function setupIntent(client: ApiClient) {
  const res = await client.get('/api/company/create-setup-intent');
  expect(res.status, res.text).toBe(200);
  return setupIntentResponseSchema.parse(res.body).data;
}

const cardBody = (
  clientSecret: string,
  number: string,
  overrides: Record<string, unknown> = {},
) => ({
  client_secret: clientSecret,
  number,
  exp_month: 7,
  exp_year: nextYear,
  cvc: number.replace(/\s/g, '').length === 15 ? '1234' : '123',
  name: 'Dana Diaz',
  ...overrides,
});

/** What the sandbox card form does: confirm the setup with the sandbox, then save the card. */
async function addSandboxCard(client: ApiClient, number: string) {
  const { client_secret } = await setupIntent(client);
  const confirmed = await client.post(
    '/api/payments/sandbox/confirm-setup',
    cardBody(client_secret, number),
  );
  if (confirmed.status !== 200) return { confirmed, saved: null };
  const card = sandboxConfirmSetupResponseSchema.parse(confirmed.body).data;
  const saved = await client.post('/api/company/payment-method', {
    card_type: card.card_type,
    card_number: card.card_number,
    expiry_date: card.expiry_date,
    source_id: card.payment_method,
    customer_name: 'Dana Diaz',
  });
  return { confirmed, card, saved };
}

async function savedCard(client: ApiClient) {
  const res = await client.get('/api/company/payment-method');
  expect(res.status, res.text).toBe(200);
  return paymentMethodResponseSchema.parse(res.body).data;
}

describe('sandbox cards over HTTP', () => {
  it(
    '4242 saves as the default card and connects billing at once in /api/user/me',
    async () => {
      const { client } = await adminWithCompany(t, 'card-4242');
      expect((await me(client)).company?.is_billing_connected).toBe(false);
      expect(await savedCard(client)).toBeNull();

      const intent = await setupIntent(client);
      expect(intent).toEqual({
        client_secret: expect.stringMatching(/^seti_sb_\w+_secret_\w+$/),
        provider: 'sandbox',
        publishable_key: null,
      });
      const { confirmed, card, saved } = await addSandboxCard(client, '4242 4242 4242 4242');
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(card).toEqual({
        payment_method: expect.stringMatching(/^pm_sb_/),
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `07/${nextYear}`,
      });
      expect(saved!.status, saved!.text).toBe(200);
      expect(paymentMethodSavedResponseSchema.parse(saved!.body)).toEqual({
        message: BILLING_MESSAGES.cardAdded,
        data: {
          card_type: 'visa',
          card_number: '4242',
          customer_name: 'Dana Diaz',
          expiry_date: `07/${nextYear}`,
          source_id: card!.payment_method,
        },
      });
      expect((await me(client)).company?.is_billing_connected).toBe(true);
      expect(await savedCard(client)).toEqual(
        paymentMethodSavedResponseSchema.parse(saved!.body).data,
      );
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    '0002 is declined with 402 and Stripe’s message; nothing is saved',
    async () => {
      const { client } = await adminWithCompany(t, 'card-0002');
      const { confirmed, saved } = await addSandboxCard(client, '4000 0000 0000 0002');
      expect(confirmed.status, confirmed.text).toBe(402);
      expect(confirmed.body).toEqual({
        message: BILLING_MESSAGES.cardDeclined,
        code: 'card_declined',
      });
      expect(saved).toBeNull();
      expect(await savedCard(client)).toBeNull();
      expect((await me(client)).company?.is_billing_connected).toBe(false);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    '0341 saves (its charges fail later); a newer card replaces it as the default',
    async () => {
      const { client } = await adminWithCompany(t, 'card-0341');
      const first = await addSandboxCard(client, '4000 0000 0000 0341');
      expect(first.saved!.status, first.saved!.text).toBe(200);
      expect(await savedCard(client)).toMatchObject({ card_type: 'visa', card_number: '0341' });
      expect((await me(client)).company?.is_billing_connected).toBe(true);

      const second = await addSandboxCard(client, '5555 5555 5555 4444');
      expect(second.saved!.status, second.saved!.text).toBe(200);
      expect(await savedCard(client)).toMatchObject({
        card_type: 'mastercard',
        card_number: '4444',
        source_id: second.card!.payment_method,
      });
      const amex = await addSandboxCard(client, '3782 822463 10005');
      expect(amex.saved!.status, amex.saved!.text).toBe(200);
      expect(await savedCard(client)).toMatchObject({ card_type: 'amex', card_number: '0005' });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'card checks answer 402 with Stripe’s wording; bad bodies answer 422',
    async () => {
      const { client } = await adminWithCompany(t, 'card-checks');
      const { client_secret } = await setupIntent(client);
      const confirm = (number: string, overrides: Record<string, unknown> = {}) =>
        client.post(
          '/api/payments/sandbox/confirm-setup',
          cardBody(client_secret, number, overrides),
        );

      const checks: [string, Record<string, unknown>, string, string][] = [
        ['4242 4242 4242 4241', {}, BILLING_MESSAGES.invalidCardNumber, 'invalid_number'],
        [
          '4242424242424242',
          { exp_year: 2021 },
          BILLING_MESSAGES.invalidExpiry,
          'invalid_expiry_year',
        ],
        ['4242424242424242', { cvc: '12' }, BILLING_MESSAGES.invalidCvc, 'invalid_cvc'],
        ['378282246310005', { cvc: '123' }, BILLING_MESSAGES.invalidCvc, 'invalid_cvc'],
      ];
      for (const [number, overrides, message, code] of checks) {
        const res = await confirm(number, overrides);
        expect(res.status, res.text).toBe(402);
        expect(res.body).toEqual({ message, code });
      }

      for (const bad of [
        { exp_month: 13 },
        { cvc: '' },
        { number: undefined },
        { client_secret: '' },
        { exp_year: 'soon' },
      ]) {
        const res = await confirm('4242424242424242', bad);
        expect(res.status, `${JSON.stringify(bad)} ${res.text}`).toBe(422);
        expect(res.body.errors).toBeTruthy();
      }
      const good = {
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `07/${nextYear}`,
        source_id: 'pm_sb_x',
      };
      for (const bad of [
        { source_id: '' },
        { source_id: undefined },
        { expiry_date: '7/2030' },
        { card_number: '4242424242424242' },
        { card_type: 'diners' },
      ]) {
        const res = await client.post('/api/company/payment-method', { ...good, ...bad });
        expect(res.status, `${JSON.stringify(bad)} ${res.text}`).toBe(422);
        expect(res.body.errors).toBeTruthy();
      }
      expect(await savedCard(client)).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'company admins only: manager, field team and publisher get 403; no company is 404',
    async () => {
      const routes: [string, string, unknown][] = [
        ['GET', '/api/company/create-setup-intent', undefined],
        ['GET', '/api/company/payment-method', undefined],
        [
          'POST',
          '/api/company/payment-method',
          {
            card_type: 'visa',
            card_number: '4242',
            expiry_date: `07/${nextYear}`,
            source_id: 'pm_sb_x',
          },
        ],
        [
          'POST',
          '/api/payments/sandbox/confirm-setup',
          cardBody('seti_sb_x_secret_y', '4242424242424242'),
        ],
      ];
      for (const email of [DEMO.manager.email, DEMO.tech.email, DEMO.publisher.email]) {
        const client = await as(email);
        for (const [method, path, body] of routes) {
          const res = await client.request(method as 'GET' | 'POST', path, body);
          expect(res.status, `${email} ${method} ${path} ${res.text}`).toBe(403);
        }
      }
      const anonymous = t.client();
      expect((await anonymous.get('/api/company/payment-method')).status).toBe(401);

      // newadmin has no company yet: nothing to bill.
      const newadmin = await as(DEMO.newadmin.email);
      for (const [method, path, body] of routes) {
        const res = await newadmin.request(method as 'GET' | 'POST', path, body);
        expect(res.status, `${method} ${path} ${res.text}`).toBe(404);
        expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
      }
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'tenants: another company’s card or setup intent cannot be used, nor seen',
    async () => {
      const acme = await adminWithCompany(t, 'tenant-a');
      const other = await adminWithCompany(t, 'tenant-b');
      const acmeCard = await addSandboxCard(acme.client, '4242424242424242');
      expect(acmeCard.saved!.status).toBe(200);

      const forged = await other.client.post('/api/company/payment-method', {
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `07/${nextYear}`,
        source_id: acmeCard.card!.payment_method,
      });
      expect(forged.status, forged.text).toBe(402);
      expect(forged.body.message).toBe(`No such PaymentMethod: '${acmeCard.card!.payment_method}'`);
      // With a customer of its own, the forged id is still not this company's.
      await setupIntent(other.client);
      const again = await other.client.post('/api/company/payment-method', {
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `07/${nextYear}`,
        source_id: acmeCard.card!.payment_method,
      });
      expect(again.status, again.text).toBe(402);
      expect(await savedCard(other.client)).toBeNull();
      expect((await me(other.client)).company?.is_billing_connected).toBe(false);

      const acmeIntent = await setupIntent(acme.client);
      const stolen = await other.client.post(
        '/api/payments/sandbox/confirm-setup',
        cardBody(acmeIntent.client_secret, '4242424242424242'),
      );
      expect(stolen.status, stolen.text).toBe(404);
      expect(await savedCard(acme.client)).toMatchObject({ card_number: '4242' });

      // The demo Globex admin sees its own (none), never Acme's.
      expect(await savedCard(await as(DEMO.globex.email))).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'works while payment is due; one customer per company; the change is audited',
    async () => {
      const { client, companyId } = await adminWithCompany(t, 'card-due');
      const first = await setupIntent(client);
      const second = await setupIntent(client);
      expect(second.client_secret).not.toBe(first.client_secret);
      await t.inspect((q) =>
        q('UPDATE companies SET is_payment_due = true WHERE id = $1', [companyId]),
      );
      // The company is locked (spec §8) everywhere but billing.
      const locked = await client.get(`/api/company/team/${(await me(client)).id}`);
      expect(locked.status, locked.text).toBe(401);
      expect(locked.body.is_payment_due).toBe(1);
      const added = await addSandboxCard(client, '4242424242424242');
      expect(added.saved!.status, added.saved!.text).toBe(200);

      await t.inspect(async (q) => {
        const customers = await q(
          'SELECT provider, customer_id FROM payment_customers WHERE company_id = $1',
          [companyId],
        );
        expect(customers).toEqual([
          { provider: 'sandbox', customer_id: expect.stringMatching(/^cus_sb_/) },
        ]);
        const methods = await q(
          'SELECT provider_method_id, is_default, card_type, last4 FROM payment_methods WHERE company_id = $1',
          [companyId],
        );
        expect(methods).toEqual([
          {
            provider_method_id: added.card!.payment_method,
            is_default: 1,
            card_type: 'visa',
            last4: '4242',
          },
        ]);
        const audit = await q(
          "SELECT meta FROM audit_log WHERE event = 'payment_method.added' AND meta->>'company_id' = $1",
          [companyId],
        );
        expect(audit).toEqual([
          {
            meta: expect.objectContaining({
              provider: 'sandbox',
              card_type: 'visa',
              last4: '4242',
            }),
          },
        ]);
        const sandboxMethod = await q('SELECT data FROM sandbox_payment_objects WHERE id = $1', [
          added.card!.payment_method,
        ]);
        expect(JSON.stringify(sandboxMethod)).not.toContain('4242424242424242');
      });
      // What billing charges: the default card at the company's provider customer.
      const [charged, none] = await withDb(t, async (db) => [
        await defaultCard(db, companyId),
        await defaultCard(db, '00000000-0000-4000-8000-000000000000'),
      ]);
      expect(charged).toEqual({
        provider: 'sandbox',
        customerId: expect.stringMatching(/^cus_sb_/),
        providerMethodId: added.card!.payment_method,
        cardType: 'visa',
        last4: '4242',
      });
      expect(none).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('with Stripe configured (local fake)', () => {
  let fake: FakeStripe;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
        // The per-process session cache on: saving a card must still show in /api/user/me at once.
        SESSION_CACHE_MS: '600000',
      },
    });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  }, HOOK_TIMEOUT_MS);

  it(
    'hands out a Stripe SetupIntent with the publishable key, saves the confirmed card; no sandbox form',
    async () => {
      const { client } = await adminWithCompany(app, 'stripe-card');
      expect((await me(client)).company?.is_billing_connected).toBe(false);
      const intent = await setupIntent(client);
      expect(intent).toEqual({
        client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
        provider: 'stripe',
        publishable_key: fake.publishableKey,
      });
      const sandbox = await client.post(
        '/api/payments/sandbox/confirm-setup',
        cardBody(intent.client_secret, '4242424242424242'),
      );
      expect(sandbox.status, sandbox.text).toBe(404);

      const confirmed = fake.confirmSetupIntent(intent.client_secret, {
        number: '4242424242424242',
        name: 'Dana Diaz',
      });
      if (!('paymentMethod' in confirmed)) throw new Error('the fake declined 4242');
      const saved = await client.post('/api/company/payment-method', {
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `12/${nextYear + 2}`,
        source_id: confirmed.paymentMethod,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(paymentMethodSavedResponseSchema.parse(saved.body).data).toMatchObject({
        card_type: 'visa',
        card_number: '4242',
        customer_name: 'Dana Diaz',
        source_id: confirmed.paymentMethod,
      });
      const customerId = String(
        fake.setupIntents.get(intent.client_secret.split('_secret_')[0]!)?.customer,
      );
      expect(fake.customers.get(customerId)).toMatchObject({
        invoice_settings: { default_payment_method: confirmed.paymentMethod },
      });
      expect((await me(client)).company?.is_billing_connected).toBe(true);

      const loose = fake.createPaymentMethod({ number: '4242424242424242' }, 'cus_someone_else');
      const forged = await client.post('/api/company/payment-method', {
        card_type: 'visa',
        card_number: '4242',
        expiry_date: `12/${nextYear + 2}`,
        source_id: loose,
      });
      expect(forged.status, forged.text).toBe(402);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
