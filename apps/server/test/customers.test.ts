import {
  AUTH_MESSAGES,
  CUSTOMER_SORT_FIELDS,
  customerDetailResponseSchema,
  customerListResponseSchema,
  MESSAGES,
  type Customer,
  type CustomerSortField,
  type SortDirection,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/demo';
import { useInteractionFixtures, type CustomerFixture } from './support/interaction-fixtures';
import { signedInClients, useTestApp } from './support/test-app';

const t = useTestApp();
const fx = useInteractionFixtures(t);
const as = signedInClients(t);

async function list(email: string, query: Record<string, string> = {}) {
  const res = await (await as(email)).get('/api/company/customers', { query });
  expect(res.status, res.text).toBe(200);
  return customerListResponseSchema.parse(res.body).data;
}

const byName = (names: string[]) => names.map((n) => fx.customers.find((c) => c.name === n)!);

/** The order the API promises, computed from the fixtures (id breaks ties). */
function expectedOrder(field: CustomerSortField, direction: SortDirection): CustomerFixture[] {
  const key: Record<CustomerSortField, (c: CustomerFixture) => string | number | boolean> = {
    name: (c) => c.name,
    customer_id: (c) => c.externalId,
    jobs_count: (c) => c.jobs.length,
    type: (c) => c.type,
    active: (c) => c.active,
    created_at: (c) => c.createdAt,
  };
  const cmp = (a: string | number | boolean, b: string | number | boolean) =>
    a < b ? -1 : a > b ? 1 : 0;
  const sign = direction === 'asc' ? 1 : -1;
  return [...fx.customers].sort((a, b) => {
    const first = sign * cmp(key[field](a), key[field](b));
    if (first !== 0) return first;
    // Type and status order customers by name within each value; the rest by id, same direction.
    if (field === 'type' || field === 'active') {
      return cmp(a.name, b.name) || cmp(a.id, b.id);
    }
    return sign * cmp(a.id, b.id);
  });
}

describe('GET /api/company/customers', () => {
  it('pages by 10 in name order with the full count, each item in the contract shape', async () => {
    const first = await list(fx.accounts.admin);
    expect(first.count).toBe(13);
    expect(first.items).toHaveLength(10);
    const second = await list(fx.accounts.admin, { page: '2' });
    expect(second.count).toBe(13);
    expect(second.items.map((c) => c.name)).toEqual([
      'Kilo Dental',
      'Lima Bakery',
      'Mike 100%_off Outlet',
    ]);
    // Past the last page: no rows, and still the full count (read on its own then).
    expect(await list(fx.accounts.admin, { page: '3' })).toMatchObject({ items: [], count: 13 });
    const delta = fx.customers.find((c) => c.name === 'Delta Offices')!;
    expect(first.items.find((c) => c.id === delta.id)).toEqual<Customer>({
      id: delta.id,
      customer_id: 'CUS-1004',
      name: 'Delta Offices',
      jobs_count: 3,
      type: 'Commercial',
      active: true,
      created_at: delta.createdAt,
      do_not_record: false,
      legal_hold: false,
    });
  });

  for (const field of CUSTOMER_SORT_FIELDS) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts by ${field} ${direction} across pages`, async () => {
        const query = { sort_by: field, sort_direction: direction };
        const page1 = await list(fx.accounts.admin, query);
        const page2 = await list(fx.accounts.admin, { ...query, page: '2' });
        expect([...page1.items, ...page2.items].map((c) => c.name)).toEqual(
          expectedOrder(field, direction).map((c) => c.name),
        );
      });
    }
  }

  it('filters by type and status, alone and together', async () => {
    const residential = await list(fx.accounts.admin, { type: 'Residential' });
    expect(residential.count).toBe(fx.customers.filter((c) => c.type === 'Residential').length);
    expect(residential.items.every((c) => c.type === 'Residential')).toBe(true);
    const inactive = await list(fx.accounts.admin, { status: 'inactive' });
    expect(inactive.items.map((c) => c.name)).toEqual([
      'Charlie Home',
      'Foxtrot Storage',
      'India Street Homes',
    ]);
    const both = await list(fx.accounts.admin, { type: 'Commercial', status: 'inactive' });
    expect(both.items.map((c) => c.name)).toEqual(['Foxtrot Storage']);
    expect(both.count).toBe(1);
    // A cleared filter ('') reads as no filter.
    expect((await list(fx.accounts.admin, { type: '', status: '' })).count).toBe(13);
  });

  it('finds by customer name (any case, any position), Customer ID and job id', async () => {
    const names = async (keyword: string) =>
      (await list(fx.accounts.admin, { keyword })).items.map((c) => c.name);
    expect(await names('delta')).toEqual(['Delta Offices']);
    expect(await names('  STREET ')).toEqual(['India Street Homes']);
    expect(await names('CUS-1005')).toEqual(['Echo Family']);
    expect(await names('J-7777')).toEqual(['Echo Family']);
    expect(await names('7777')).toEqual(['Echo Family']);
    expect(await names('j-500')).toEqual([
      'Alpha Plumbing Co',
      'Bravo Residence',
      'Delta Offices',
      'Foxtrot Storage',
      'Golf Club Estates',
    ]);
    expect(await names('nobody by that name')).toEqual([]);
    // LIKE wildcards in the keyword match themselves.
    expect(await names('%')).toEqual(['Mike 100%_off Outlet']);
    expect(await names('_off')).toEqual(['Mike 100%_off Outlet']);
    const filtered = await list(fx.accounts.admin, { keyword: 'j-50', type: 'Residential' });
    expect(filtered.items.map((c) => c.name)).toEqual([
      'Bravo Residence',
      'India Street Homes',
      'Juliet Apartments',
    ]);
    expect(filtered.count).toBe(3);
  });

  it('lets a manager see every customer of the company', async () => {
    expect((await list(fx.accounts.manager)).count).toBe(13);
  });

  it('shows a field technician only the customers of jobs assigned to them', async () => {
    const tech1 = await list(fx.accounts.tech1);
    expect(tech1.items.map((c) => c.name)).toEqual(
      byName(['Alpha Plumbing Co', 'Delta Offices', 'Golf Club Estates']).map((c) => c.name),
    );
    expect(tech1.count).toBe(3);
    const tech2 = await list(fx.accounts.tech2, { sort_by: 'customer_id' });
    expect(tech2.items.map((c) => c.customer_id)).toEqual([
      'CUS-1002',
      'CUS-1004',
      'CUS-1005',
      'CUS-1007',
      'CUS-1009',
      'CUS-1011',
    ]);
    // The keyword cannot widen the scope.
    expect((await list(fx.accounts.tech1, { keyword: 'J-7777' })).count).toBe(0);
  });

  it("never lists another company's customers", async () => {
    for (const email of [DEMO.globex.email, DEMO.admin.email]) {
      const found = await list(email, { keyword: 'Delta Offices' });
      expect(found.items.some((c) => fx.customers.some((f) => f.id === c.id))).toBe(false);
    }
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['page', { page: '0' }, MESSAGES.invalidValue],
    ['page', { page: '-1' }, MESSAGES.invalidValue],
    ['page', { page: 'x' }, MESSAGES.invalidValue],
    ['page', { page: '1.5' }, MESSAGES.invalidValue],
    ['page', { page: '100001' }, MESSAGES.invalidValue],
    ['page', { page: '99999999999999999999999' }, MESSAGES.invalidValue],
    ['page', { page: 'Infinity' }, MESSAGES.invalidValue],
    ['sort_by', { sort_by: 'password' }, MESSAGES.selectValidValue],
    ['sort_by', { sort_by: 'NAME' }, MESSAGES.selectValidValue],
    ['sort_direction', { sort_direction: 'up' }, MESSAGES.selectValidValue],
    ['type', { type: 'Industrial' }, MESSAGES.selectValidValue],
    ['status', { status: 'deleted' }, MESSAGES.selectValidValue],
    ['keyword', { keyword: 'k'.repeat(101) }, MESSAGES.invalidValue],
  ];
  for (const [field, query, message] of invalid) {
    it(`answers 422 for ${field}=${Object.values(query)[0]!.slice(0, 24)}`, async () => {
      const res = await (await as(fx.accounts.admin)).get('/api/company/customers', { query });
      expect(res.status, res.text).toBe(422);
      // A value breaking two rules (1e23: not a safe integer, above the maximum) says it once.
      expect(res.body.errors[field]).toEqual([message]);
    });
  }

  it('answers 422 for a repeated page parameter', async () => {
    const res = await (await as(fx.accounts.admin)).get('/api/company/customers?page=1&page=2');
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.page).toEqual([MESSAGES.invalidValue]);
  });
});

describe('GET /api/company/customer/:id', () => {
  it('returns the header card fields, # of jobs kept by the database', async () => {
    const bravo = fx.customers.find((c) => c.name === 'Bravo Residence')!;
    const res = await (await as(fx.accounts.manager)).get(`/api/company/customer/${bravo.id}`);
    expect(res.status, res.text).toBe(200);
    expect(customerDetailResponseSchema.parse(res.body).data).toEqual<Customer>({
      id: bravo.id,
      customer_id: 'CUS-1002',
      name: 'Bravo Residence',
      jobs_count: 2,
      type: 'Residential',
      active: true,
      created_at: bravo.createdAt,
      do_not_record: false,
      legal_hold: false,
    });
  });

  it('answers 422 for an id that is not a uuid and 404 for an unknown one', async () => {
    const admin = await as(fx.accounts.admin);
    const bad = await admin.get('/api/company/customer/not-a-uuid');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id).toEqual([MESSAGES.invalidValue]);
    const missing = await admin.get('/api/company/customer/8d5e7c1a-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(AUTH_MESSAGES.notFound);
  });

  it("answers 404 (not 403) for another company's customer", async () => {
    const delta = fx.customers.find((c) => c.name === 'Delta Offices')!;
    for (const email of [DEMO.globex.email, DEMO.admin.email, DEMO.tech.email]) {
      const res = await (await as(email)).get(`/api/company/customer/${delta.id}`);
      expect(res.status, `${email}: ${res.text}`).toBe(404);
      expect(res.body.message).toBe(AUTH_MESSAGES.notFound);
    }
  });

  it("gives a field technician 404 for a customer with none of the technician's jobs", async () => {
    const tech1 = await as(fx.accounts.tech1);
    const alpha = fx.customers.find((c) => c.name === 'Alpha Plumbing Co')!;
    expect((await tech1.get(`/api/company/customer/${alpha.id}`)).status).toBe(200);
    for (const name of ['Bravo Residence', 'Charlie Home', 'Echo Family']) {
      const other = fx.customers.find((c) => c.name === name)!;
      expect((await tech1.get(`/api/company/customer/${other.id}`)).status, name).toBe(404);
    }
  });
});

describe('access to the customer routes', () => {
  it('is refused to publisher accounts (403) and to anonymous callers (401)', async () => {
    const delta = fx.customers.find((c) => c.name === 'Delta Offices')!;
    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email]) {
      const client = await as(email);
      expect((await client.get('/api/company/customers')).status, email).toBe(403);
      expect((await client.get(`/api/company/customer/${delta.id}`)).status, email).toBe(403);
    }
    const anonymous = t.client();
    expect((await anonymous.get('/api/company/customers')).status).toBe(401);
    expect((await anonymous.get(`/api/company/customer/${delta.id}`)).status).toBe(401);
  });
});
