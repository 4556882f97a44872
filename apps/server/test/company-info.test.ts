import {
  AUTH_MESSAGES,
  COMPANY_MESSAGES,
  MESSAGES,
  addressSearchResponseSchema,
  companyCreateResponseSchema,
  dataResponseSchema,
  userResponseSchema,
} from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { PNG_1X1, signUpVerified } from './support/fresh-account';
import { SLOW_TEST_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

const ADDRESS_SEARCHES_PER_MINUTE = 3;
const t = useTestApp({ env: { ADDRESS_SEARCHES_PER_MINUTE: String(ADDRESS_SEARCHES_PER_MINUTE) } });
const as = signedInClients(t);

/** A fresh verified company admin without a company (the demo newadmin stays untouched). */
async function freshAdmin(label: string): Promise<ApiClient> {
  return (await signUpVerified(t, label, 'Company Founder')).client;
}

async function me(client: ApiClient) {
  const res = await client.get('/api/user/me');
  expect(res.status, res.text).toBe(200);
  return userResponseSchema.parse(res.body).data;
}

async function uploadLogo(client: ApiClient, folder = 'company-logo') {
  const signed = await client.post('/api/data/pre-signed-url', { file_name: 'logo.png', folder });
  expect(signed.status, signed.text).toBe(200);
  const { upload_url, file_url } = signed.body.data as { upload_url: string; file_url: string };
  const put = await client.request('PUT', upload_url, undefined, {
    raw: PNG_1X1,
    contentType: 'image/png',
  });
  expect(put.status, put.text).toBeLessThan(300);
  return file_url;
}

interface Reference {
  timezoneId: number;
  typeId: number;
  industryId: number;
  tradeIds: number[];
  otherIndustryId: number;
  otherIndustryTradeId: number;
}
let ref: Reference;

beforeAll(async () => {
  const res = await (
    await as(DEMO.admin.email)
  ).get('/api/data?items=timezones,industries,trades,company_types');
  expect(res.status, res.text).toBe(200);
  const data = dataResponseSchema.parse(res.body).data;
  const [industry, other] = data.industries!;
  const tradesOf = (id: number) => data.trades!.filter((tr) => tr.industry_id === id);
  ref = {
    timezoneId: data.timezones![0]!.id,
    typeId: data.company_types![0]!.id,
    industryId: industry!.id,
    tradeIds: tradesOf(industry!.id)
      .slice(0, 2)
      .map((tr) => tr.id),
    otherIndustryId: other!.id,
    otherIndustryTradeId: tradesOf(other!.id)[0]!.id,
  };
  expect(ref.tradeIds.length).toBeGreaterThan(0);
}, SLOW_TEST_TIMEOUT_MS);

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maple Heating',
  street_address: '1600 Amphitheatre Pkwy',
  city: 'Mountain View',
  state: 'CA',
  zipcode: '94043',
  country: 'US',
  lat: 37.422,
  lng: -122.084,
  timezone_id: ref.timezoneId,
  industry_id: ref.industryId,
  type_id: ref.typeId,
  trade_ids: ref.tradeIds,
  description: 'We keep homes warm.',
  ...overrides,
});

describe('POST /api/company/create', () => {
  it(
    'creates the company with the admin’s own logo, links the admin, and refuses a second one',
    async () => {
      const admin = await freshAdmin('company-create');
      const logo = await uploadLogo(admin);
      const res = await admin.post('/api/company/create', form({ logo }));
      expect(res.status, res.text).toBe(201);
      const company = companyCreateResponseSchema.parse(res.body).data;
      expect(company).toMatchObject({
        name: 'Maple Heating',
        city: 'Mountain View',
        latLng: { lat: 37.422, lng: -122.084 },
        timezones: { id: ref.timezoneId },
        industry_id: ref.industryId,
        trades: ref.tradeIds,
        logo,
        is_billing_connected: false,
      });
      expect((await me(admin)).company?.id).toBe(company.id);

      const again = await admin.post('/api/company/create', form({ name: 'Second' }));
      expect(again.status, again.text).toBe(409);
      expect(again.body.message).toBe(COMPANY_MESSAGES.alreadyHasCompany);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'answers 422 field messages and creates nothing',
    async () => {
      const admin = await freshAdmin('company-invalid');
      const empty = await admin.post('/api/company/create', {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toMatchObject({
        name: [MESSAGES.required],
        timezone_id: [MESSAGES.required],
        industry_id: [MESSAGES.required],
        trade_ids: [MESSAGES.required],
        description: [MESSAGES.required],
      });

      const long = await admin.post(
        '/api/company/create',
        form({ description: 'x'.repeat(1501), phone_process: 'p'.repeat(5001) }),
      );
      expect(long.status).toBe(422);
      expect(long.body.errors).toMatchObject({
        description: [MESSAGES.descriptionMaxed],
        phone_process: [COMPANY_MESSAGES.phoneProcessMaxed],
      });

      const otherAdminLogo = await uploadLogo(await as(DEMO.globex.email));
      const profilePhoto = await uploadLogo(admin, 'profile');
      const unknown = await admin.post(
        '/api/company/create',
        form({ timezone_id: 999_999, type_id: 999_999, industry_id: 999_999 }),
      );
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toMatchObject({
        timezone_id: [MESSAGES.selectValidValue],
        type_id: [MESSAGES.selectValidValue],
        industry_id: [MESSAGES.selectValidValue],
        trade_ids: [MESSAGES.selectValidValue],
      });
      for (const bad of [
        { trade_ids: [ref.otherIndustryTradeId] },
        { logo: otherAdminLogo },
        { logo: profilePhoto },
        { logo: 'https://elsewhere.test/logo.png' },
      ]) {
        const res = await admin.post('/api/company/create', form(bad));
        expect(res.status, JSON.stringify(bad)).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(Object.keys(bad));
      }
      expect((await me(admin)).company).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('is for company admins only', async () => {
    for (const account of [DEMO.manager, DEMO.tech, DEMO.publisher]) {
      const res = await (await as(account.email)).post('/api/company/create', form());
      expect(res.status, account.email).toBe(403);
      expect(res.body.message).toBe(AUTH_MESSAGES.forbidden);
    }
  });
});

describe('POST /api/company/update', () => {
  it(
    'changes only the fields sent, on the caller’s own company',
    async () => {
      const admin = await freshAdmin('company-update');
      expect((await admin.post('/api/company/create', form())).status).toBe(201);
      const globexBefore = (await me(await as(DEMO.globex.email))).company;

      const res = await admin.post('/api/company/update', {
        description: 'Now also cooling.',
        field_team_process: 'Call ahead.',
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: COMPANY_MESSAGES.updated });
      const after = (await me(admin)).company!;
      expect(after).toMatchObject({
        name: 'Maple Heating',
        city: 'Mountain View',
        description: 'Now also cooling.',
        field_team_process: 'Call ahead.',
        trades: ref.tradeIds,
      });
      // Nothing in the body names a company: another tenant is out of reach.
      expect((await me(await as(DEMO.globex.email))).company).toEqual(globexBefore);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'keeps trades within the industry and answers 422 otherwise',
    async () => {
      const admin = await freshAdmin('company-trades');
      expect((await admin.post('/api/company/create', form())).status).toBe(201);
      const industryOnly = await admin.post('/api/company/update', {
        industry_id: ref.otherIndustryId,
      });
      expect(industryOnly.status).toBe(422);
      expect(industryOnly.body.errors).toEqual({ trade_ids: [MESSAGES.required] });
      const foreignTrade = await admin.post('/api/company/update', {
        trade_ids: [ref.otherIndustryTradeId],
      });
      expect(foreignTrade.body.errors).toEqual({ trade_ids: [MESSAGES.selectValidValue] });
      const both = await admin.post('/api/company/update', {
        industry_id: ref.otherIndustryId,
        trade_ids: [ref.otherIndustryTradeId, ref.otherIndustryTradeId],
      });
      expect(both.status, both.text).toBe(200);
      expect((await me(admin)).company).toMatchObject({
        industry_id: ref.otherIndustryId,
        trades: [ref.otherIndustryTradeId],
      });
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('is for company admins with a company only', async () => {
    for (const account of [DEMO.manager, DEMO.tech, DEMO.publisher]) {
      const res = await (await as(account.email)).post('/api/company/update', { name: 'X' });
      expect(res.status, account.email).toBe(403);
    }
    const res = await (await as(DEMO.newadmin.email)).post('/api/company/update', { name: 'X' });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/address/search', () => {
  const search = (client: ApiClient, q: string) =>
    client.get(`/api/address/search?q=${encodeURIComponent(q)}`);

  it(
    'suggests the address of a ZIP to a signed-in user not yet set up, and limits the pace',
    async () => {
      expect((await search(t.client(), '1 Main St 94043')).status).toBe(401);
      const admin = await freshAdmin('address-search');
      const res = await search(admin, '1600 Amphitheatre Pkwy, Mountain View, CA 94043');
      expect(res.status, res.text).toBe(200);
      expect(addressSearchResponseSchema.parse(res.body).data).toEqual([
        expect.objectContaining({
          zipcode: '94043',
          city: 'Mountain View',
          state: 'CA',
          timezone: 'Pacific Time (US & Canada)',
        }),
      ]);
      const blank = await search(admin, '  ');
      expect(blank.status).toBe(422);
      expect(blank.body.errors).toEqual({ q: [MESSAGES.required] });
      // The blank query was refused before it counted; two more fill the minute.
      expect((await search(admin, '1 Main St 10001')).status).toBe(200);
      expect((await search(admin, '1 Main St 10002')).status).toBe(200);
      const limited = await search(admin, '1 Main St 10003');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The limit is per user.
      expect((await search(await as(DEMO.admin.email), '1 Main St 10003')).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
