import { dataResponseSchema } from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { FRESH_PASSWORD } from './support/fresh-account';
import { SLOW_TEST_TIMEOUT_MS, signedInClients, uniqueEmail, useTestApp } from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);

let companyForm: (name: string, extra?: Record<string, unknown>) => Record<string, unknown>;
let northwindId: string;

beforeAll(async () => {
  const res = await (
    await as(DEMO.admin.email)
  ).get('/api/data?items=timezones,industries,trades,company_types');
  const data = dataResponseSchema.parse(res.body).data;
  const industry = data.industries![0]!;
  companyForm = (name, extra = {}) => ({
    name,
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
    trade_ids: [data.trades!.find((tr) => tr.industry_id === industry.id)!.id],
    description: 'We fix things.',
    ...extra,
  });
  const [row] = await t.inspect((q) => q(`SELECT id FROM publishers WHERE code = 'NWBOTS01'`));
  northwindId = row!.id as string;
}, SLOW_TEST_TIMEOUT_MS);

/** Signs up (with the body's extras), verifies through the outbox and logs in. */
async function signUp(label: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(label);
  const client = t.client();
  const mark = await t.outbox.mark();
  const res = await client.post('/api/user/signup', {
    name: 'Referred Founder',
    email,
    password: FRESH_PASSWORD,
    password_confirmation: FRESH_PASSWORD,
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  const token = await t.outbox.waitForToken(email, 'verify', { after: mark });
  expect((await client.get(`/api/user/verify/${token}`)).status).toBe(200);
  await client.loginAs(email, FRESH_PASSWORD);
  return { client, email };
}

async function referralOf(email: string) {
  const [row] = await t.inspect((q) =>
    q(`SELECT referral_publisher_id FROM users WHERE email = $1`, [email]),
  );
  return row!.referral_publisher_id as string | null;
}

async function createCompany(client: ApiClient, name: string, extra = {}) {
  const res = await client.post('/api/company/create', companyForm(name, extra));
  expect(res.status, res.text).toBe(201);
  return (res.body as { data: { id: string } }).data.id;
}

async function clientRows(companyId: string) {
  return t.inspect((q) =>
    q(`SELECT publisher_id, source FROM publisher_clients WHERE company_id = $1`, [companyId]),
  );
}

describe('referral at sign-up', () => {
  it(
    'a known code (any case) is kept on the user; an unknown or absent one is ignored',
    async () => {
      const referred = await signUp('ref-known', { referral_code: 'nwbots01' });
      expect(await referralOf(referred.email)).toBe(northwindId);
      const unknown = await signUp('ref-unknown', { referral_code: 'NOPE0000' });
      expect(await referralOf(unknown.email)).toBeNull();
      const none = await signUp('ref-none', { referral_code: null });
      expect(await referralOf(none.email)).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});

describe('referral at company create', () => {
  it(
    'the sign-up referral makes the new company the publisher’s client, once',
    async () => {
      const { client } = await signUp('ref-company', { referral_code: 'NWBOTS01' });
      const companyId = await createCompany(client, 'Referred Plumbing');
      expect(await clientRows(companyId)).toEqual([
        { publisher_id: northwindId, source: 'referral' },
      ]);
      const again = await client.post('/api/company/create', companyForm('Again'));
      expect(again.status).toBe(409);
      expect(await clientRows(companyId)).toHaveLength(1);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'a referral_code in the body does the same; an unknown one or none makes no client',
    async () => {
      const coded = await signUp('ref-body');
      const codedCompany = await createCompany(coded.client, 'Coded Heating', {
        referral_code: ' NWBOTS01 ',
      });
      expect(await clientRows(codedCompany)).toEqual([
        { publisher_id: northwindId, source: 'referral' },
      ]);

      const unknown = await signUp('ref-body-unknown');
      const unknownCompany = await createCompany(unknown.client, 'Unknown Code Co', {
        referral_code: 'ZZZZ9999',
      });
      expect(await clientRows(unknownCompany)).toEqual([]);

      const plain = await signUp('ref-plain');
      expect(await clientRows(await createCompany(plain.client, 'Plain Co'))).toEqual([]);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'both referral sources naming one publisher give one client row; an overlong code is 422',
    async () => {
      const { client } = await signUp('ref-both', { referral_code: 'NWBOTS01' });
      // Both the body's code and the sign-up referral name Northwind: one client row.
      const companyId = await createCompany(client, 'Twice Referred', {
        referral_code: 'NWBOTS01',
      });
      expect(await clientRows(companyId)).toEqual([
        { publisher_id: northwindId, source: 'referral' },
      ]);
      const invalid = await client.post(
        '/api/company/create',
        companyForm('Long', {
          referral_code: 'x'.repeat(101),
        }),
      );
      expect(invalid.status).toBe(422);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
