import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeServiceTitan,
  type FakeServiceTitan,
  type FakeServiceTitanOptions,
} from '../../../../test/support/fake-servicetitan.js';
import {
  CrmError,
  type CrmConnection,
  type CrmEntity,
  type CrmRecordOf,
  type CrmStateStore,
} from '../crm-provider.js';
import { NO_RECORDING_MESSAGE, createServiceTitanProvider } from './servicetitan-provider.js';

const SECRET = 'sekret-Zq81-do-not-leak';
const BASE = new Date('2025-01-01T23:59:50Z');
const COUNTS = { technicians: 12, customers: 23, locations: 30, jobs: 40, calls: 30 };

function memoryState(): CrmStateStore & { value: unknown } {
  return {
    value: undefined,
    async get() {
      return this.value;
    },
    async set(state) {
      this.value = state;
    },
  };
}

let fake: FakeServiceTitan;
let sleeps: number[];
let clock: number;

async function start(options: FakeServiceTitanOptions = {}) {
  fake = await startFakeServiceTitan({
    counts: COUNTS,
    clientSecret: SECRET,
    baseTime: BASE,
    ...options,
  });
}

beforeEach(async () => {
  sleeps = [];
  clock = Date.parse('2026-03-02T10:00:00Z');
  await start();
});

afterEach(async () => {
  await fake.close();
});

function connect(
  overrides: { values?: Record<string, string>; state?: CrmStateStore; maxRetries?: number } = {},
  fetchImpl: typeof fetch = fetch,
): CrmConnection {
  const provider = createServiceTitanProvider(
    { authUrl: fake.url, apiUrl: fake.url, pageSize: 10 },
    {
      fetch: fetchImpl,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      now: () => clock,
      maxRetries: overrides.maxRetries,
    },
  );
  const { credentials } = fake.controls;
  return provider.connect({
    companyId: 'company-1',
    companyIntegrationId: 'integration-1',
    values: {
      client_id: credentials.clientId,
      secret: SECRET,
      tenant_id: credentials.tenantId,
      app_key: credentials.appKey,
      ...overrides.values,
    },
    state: overrides.state ?? memoryState(),
  });
}

/** Every page of an export from `cursor`, as the sync walks it. */
async function exportAll<E extends CrmEntity>(
  connection: CrmConnection,
  entity: E,
  cursor: string | null = null,
) {
  const items: CrmRecordOf[E][] = [];
  const cursors: string[] = [];
  for (;;) {
    const page = await connection.exportPage(entity, cursor);
    items.push(...page.items);
    cursors.push(page.cursor);
    cursor = page.cursor;
    if (!page.hasMore) return { items, cursors, cursor };
  }
}

async function caught(promise: Promise<unknown>): Promise<CrmError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CrmError);
  expect(String((error as Error).message)).not.toContain(SECRET);
  expect(JSON.stringify(error)).not.toContain(SECRET);
  return error as CrmError;
}

const ids = (items: { externalId: string }[]) => items.map((i) => i.externalId).sort();
const expectedIds = (entity: CrmEntity, indexes: number[]) =>
  indexes.map((i) => String(fake.controls.idOf(entity, i))).sort();
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('ServiceTitan export feeds', () => {
  it('pages through the first export of every entity with its continueFrom cursors', async () => {
    const connection = connect();
    for (const entity of Object.keys(COUNTS) as CrmEntity[]) {
      const { items, cursors } = await exportAll(connection, entity);
      expect(ids(items), entity).toEqual(expectedIds(entity, range(0, COUNTS[entity])));
      expect(cursors.length, entity).toBe(Math.ceil(COUNTS[entity] / 10));
      expect(new Set(cursors).size, entity).toBe(cursors.length);
    }
    expect(fake.controls.requests('export/jobs')).toBe(4);
  });

  it('maps each export row to our record types', async () => {
    const connection = connect();
    const technicians = (await exportAll(connection, 'technicians')).items;
    const noEmail = technicians.find(
      (t) => t.externalId === String(fake.controls.idOf('technicians', 3)),
    );
    expect(noEmail?.email).toBeNull();
    const first = technicians.find(
      (t) => t.externalId === String(fake.controls.idOf('technicians', 0)),
    );
    expect(first).toMatchObject({
      name: 'Ava Ortiz',
      email: 'ava.ortiz0@example.com',
      active: true,
    });
    expect(first?.phone).toMatch(/^555\d{7}$/);
    expect(
      technicians.find((t) => t.externalId === String(fake.controls.idOf('technicians', 4)))?.phone,
    ).toBeNull();

    const customers = (await exportAll(connection, 'customers')).items;
    expect(customers.filter((c) => c.type === 'Commercial')).toHaveLength(5);

    const locations = (await exportAll(connection, 'locations')).items;
    const withUnit = locations.find(
      (l) => l.externalId === String(fake.controls.idOf('locations', 2)),
    );
    expect(withUnit).toMatchObject({
      customerExternalId: String(fake.controls.idOf('customers', 2)),
      country: 'USA',
    });
    expect(withUnit?.street).toMatch(/^\d+ \w+ Ave, Apt \d+$/);
    expect(withUnit?.zipcode).toMatch(/^\d{5}$/);

    const jobs = (await exportAll(connection, 'jobs')).items;
    for (const job of jobs) {
      expect(job.status === 'completed').toBe(job.revenueCents !== null);
      expect(job.status === 'completed').toBe(job.completedAt !== null);
      if (job.revenueCents !== null) expect(Number.isSafeInteger(job.revenueCents)).toBe(true);
    }
    expect(new Set(jobs.map((j) => j.status)).size).toBeGreaterThan(3);
    const noTechnician = jobs.find((j) => j.externalId === String(fake.controls.idOf('jobs', 5)));
    expect(noTechnician?.technicianExternalId).toBeNull();

    const calls = (await exportAll(connection, 'calls')).items;
    const outbound = calls.find((c) => c.externalId === String(fake.controls.idOf('calls', 5)));
    expect(outbound).toMatchObject({ direction: 'Outbound', callType: null });
    const noRecording = calls.find((c) => c.externalId === String(fake.controls.idOf('calls', 12)));
    expect(noRecording?.recordingRef).toBeNull();
    const unknownCaller = calls.find(
      (c) => c.externalId === String(fake.controls.idOf('calls', 8)),
    );
    expect(unknownCaller?.customerExternalId).toBeNull();
    for (const call of calls) {
      expect(call.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(call.durationSeconds).toBeLessThan(631);
      expect(call.jobExternalId !== null).toBe(call.callType === 'Booked');
    }
  });

  it('starts the first export at start_date (records modified on or after it)', async () => {
    // Position p was modified at BASE + p s, so 2025-01-02 begins at position 10.
    const connection = connect({ values: { start_date: '2025-01-02' } });
    const { items } = await exportAll(connection, 'customers');
    expect(ids(items)).toEqual(expectedIds('customers', range(10, COUNTS.customers)));
  });

  it('exports only what changed since the stored cursor', async () => {
    const connection = connect();
    const { cursor } = await exportAll(connection, 'jobs');

    const changed = fake.controls.mutate('jobs', 10);
    const added = fake.controls.addRecords('jobs', 3);
    expect(changed).toHaveLength(4);
    const next = await exportAll(connection, 'jobs', cursor);
    expect(ids(next.items)).toEqual([...changed, ...added].map(String).sort());

    // Caught up: nothing more, and a record changed twice comes once.
    expect((await connection.exportPage('jobs', next.cursor)).items).toEqual([]);
    const again = fake.controls.mutate('jobs', 5);
    const twice = fake.controls.mutate('jobs', 5);
    const last = await exportAll(connection, 'jobs', next.cursor);
    expect(ids(last.items)).toEqual([...new Set([...again, ...twice])].map(String).sort());
  });
});

describe('ServiceTitan auth', () => {
  it('caches the token in memory and in the state store, never the secret', async () => {
    const state = memoryState();
    const connection = connect({ state });
    await connection.exportPage('customers', null);
    await connection.exportPage('locations', null);
    expect(fake.controls.tokensIssued()).toBe(1);
    expect(JSON.stringify(state.value)).not.toContain(SECRET);

    // Another run (a new connection on the same stored state) reuses the token.
    await connect({ state }).exportPage('jobs', null);
    expect(fake.controls.tokensIssued()).toBe(1);
  });

  it('ignores a stored token of other credentials', async () => {
    const state = memoryState();
    state.value = {
      serviceTitanToken: { key: 'someone-else', accessToken: 'stale', expiresAt: clock + 600_000 },
    };
    await connect({ state }).exportPage('jobs', null);
    expect(fake.controls.tokensIssued()).toBe(1);
    // No 401 round: the stale token was never sent.
    expect(fake.controls.requests('export/jobs')).toBe(1);
  });

  it('shares one token request between concurrent calls', async () => {
    const connection = connect();
    await Promise.all([
      connection.exportPage('customers', null),
      connection.exportPage('locations', null),
      connection.exportPage('jobs', null),
    ]);
    expect(fake.controls.tokensIssued()).toBe(1);
  });

  it('fetches a new token when it expires', async () => {
    const connection = connect();
    await connection.exportPage('customers', null);
    clock += 850_000;
    await connection.exportPage('customers', null);
    expect(fake.controls.tokensIssued()).toBe(2);
  });

  it('fetches a new token once after a 401, then goes on', async () => {
    const connection = connect();
    await connection.exportPage('customers', null);
    fake.controls.expireTokens();
    const page = await connection.exportPage('customers', null);
    expect(page.items).toHaveLength(10);
    expect(fake.controls.tokensIssued()).toBe(2);
    expect(fake.controls.requests('export/customers')).toBe(3);
  });

  it('reports wrong credentials as a credentials error without the secret', async () => {
    const wrongSecret = await caught(
      connect({ values: { secret: `${SECRET}-old` } }).exportPage('customers', null),
    );
    expect(wrongSecret).toMatchObject({ retryable: false, credentials: true });
    expect(wrongSecret.message).toContain('check the Client ID and Client Secret');

    const wrongAppKey = await caught(connect({ values: { app_key: 'nope' } }).verify());
    expect(wrongAppKey).toMatchObject({ retryable: false, credentials: true });
    // One fresh token after the first 401, then it gives up.
    expect(fake.controls.requests('export/technicians')).toBe(2);

    const wrongTenant = await caught(connect({ values: { tenant_id: '999' } }).verify());
    expect(wrongTenant).toMatchObject({ retryable: false, credentials: true });

    const missing = await caught(connect({ values: { tenant_id: '' } }).verify());
    expect(missing.credentials).toBe(true);
  });

  it('verifies good credentials', async () => {
    await expect(connect().verify()).resolves.toBeUndefined();
  });
});

describe('ServiceTitan retries', () => {
  it('waits out a 429 burst for as long as Retry-After says', async () => {
    const connection = connect();
    fake.controls.inject429(3, '2');
    const page = await connection.exportPage('calls', null);
    expect(page.items).toHaveLength(10);
    expect(sleeps).toEqual([2000, 2000, 2000]);
    expect(fake.controls.requests('export/calls')).toBe(4);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const connection = connect();
    fake.controls.inject429(1, new Date(clock + 7_000).toUTCString());
    await connection.exportPage('calls', null);
    expect(sleeps).toEqual([7000]);
  });

  it('backs off exponentially on 5xx, then gives up with a retryable error', async () => {
    const connection = connect({ maxRetries: 3 });
    fake.controls.inject5xx(2);
    await connection.exportPage('customers', null);
    expect(sleeps).toEqual([500, 1000]);

    sleeps = [];
    fake.controls.resetRequestCounts();
    fake.controls.inject5xx(10, 502);
    const error = await caught(connection.exportPage('customers', null));
    expect(error).toMatchObject({ retryable: true, credentials: false });
    expect(error.message).toContain('HTTP 502');
    expect(sleeps).toEqual([500, 1000, 2000]);
    expect(fake.controls.requests('export/customers')).toBe(4);
  });

  it('retries network failures', async () => {
    let failures = 2;
    const flaky: typeof fetch = (input, init) =>
      failures-- > 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const page = await connect({}, flaky).exportPage('technicians', null);
    expect(page.items).toHaveLength(10);
    expect(sleeps).toEqual([500, 1000]);
  });
});

describe('ServiceTitan recordings', () => {
  it('streams a call recording with its content type', async () => {
    const connection = connect();
    const calls = (await connection.exportPage('calls', null)).items;
    const ref = calls.find((c) => c.recordingRef !== null)!.recordingRef!;
    const recording = await connection.downloadRecording(ref);
    const chunks: Buffer[] = [];
    for await (const chunk of recording.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fake.recording.body)).toBe(true);
    expect(recording.contentType).toBe(fake.recording.contentType);
  });

  it('reports a missing recording as final, and a failing one as retryable', async () => {
    const connection = connect({ maxRetries: 2 });
    const [gone, broken] = [fake.controls.idOf('calls', 1), fake.controls.idOf('calls', 2)];
    fake.controls.failRecording(gone, 404);
    fake.controls.failRecording(broken, 500);

    const missing = await caught(connection.downloadRecording(String(gone)));
    expect(missing).toMatchObject({ message: NO_RECORDING_MESSAGE, retryable: false });

    const failing = await caught(connection.downloadRecording(String(broken)));
    expect(failing.retryable).toBe(true);
    expect(fake.controls.requests('recording')).toBe(1 + 3);
  });
});
