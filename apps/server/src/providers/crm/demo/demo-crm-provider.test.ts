import { describe, expect, it } from 'vitest';
import { CRM_ENTITIES } from '../../../db/schema/integrations.js';
import { CrmError, type CrmConnection, type CrmEntity, type CrmRecordOf } from '../crm-provider.js';
import { createDemoCrmProvider } from './demo-crm-provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = '2026-01-05';
const startMs = Date.parse(`${START}T00:00:00Z`);
const at = (days: number) => new Date(startMs + days * DAY_MS);

/** A connection to the demo CRM whose clock the test moves. */
function connect(values: Record<string, string>, clock: { now: Date }, pageSize = 100) {
  const provider = createDemoCrmProvider({ now: () => clock.now, pageSize });
  return provider.connect({
    companyId: 'company',
    companyIntegrationId: 'integration',
    values,
    state: { get: () => Promise.resolve(null), set: () => Promise.resolve() },
  });
}

async function exportAll<E extends CrmEntity>(
  connection: CrmConnection,
  entity: E,
  cursor: string | null = null,
) {
  const items: CrmRecordOf[E][] = [];
  const pages: number[] = [];
  for (;;) {
    const page = await connection.exportPage(entity, cursor);
    items.push(...page.items);
    pages.push(page.items.length);
    cursor = page.cursor;
    if (!page.hasMore) return { items, cursor, pages };
  }
}

type Snapshot = { [E in CrmEntity]: CrmRecordOf[E][] };

async function snapshot(connection: CrmConnection): Promise<Snapshot> {
  return {
    technicians: (await exportAll(connection, 'technicians')).items,
    customers: (await exportAll(connection, 'customers')).items,
    locations: (await exportAll(connection, 'locations')).items,
    jobs: (await exportAll(connection, 'jobs')).items,
    calls: (await exportAll(connection, 'calls')).items,
  };
}

const ids = (records: { externalId: string }[]) => records.map((r) => r.externalId);

describe('demo CRM', () => {
  const values = { tenant_id: '4711', start_date: START };

  it('exports the same records for the same tenant, start date and clock', async () => {
    const clock = { now: at(30) };
    const first = await snapshot(connect(values, clock));
    const second = await snapshot(connect(values, clock));
    expect(second).toEqual(first);

    const page = await connect(values, clock, 7).exportPage('jobs', null);
    const again = await connect(values, clock, 7).exportPage('jobs', null);
    expect(again).toEqual(page);
  });

  it('gives another tenant another data set', async () => {
    const clock = { now: at(30) };
    const mine = await snapshot(connect(values, clock));
    const theirs = await snapshot(connect({ ...values, tenant_id: '4712' }, clock));
    expect(theirs.customers.map((c) => c.name)).not.toEqual(mine.customers.map((c) => c.name));
    expect(theirs.technicians.map((t) => t.email)).not.toEqual(
      mine.technicians.map((t) => t.email),
    );
  });

  it('has a realistic first month: a crew, a few hundred records, every job state', async () => {
    const month = await snapshot(connect(values, { now: at(30) }));
    expect(month.technicians.length).toBeGreaterThanOrEqual(5);
    const total = CRM_ENTITIES.reduce((sum, entity) => sum + month[entity].length, 0);
    expect(total).toBeGreaterThan(200);
    expect(total).toBeLessThan(700);

    for (const tech of month.technicians) {
      expect(tech.email).toMatch(/^[a-z]+\.[a-z]+@t4711\.example\.com$/);
      expect(tech.phone).toMatch(/^\d{10}$/);
    }
    expect(new Set(month.customers.map((c) => c.type))).toEqual(
      new Set(['Residential', 'Commercial']),
    );
    for (const location of month.locations) {
      expect(location).toMatchObject({ country: 'US', zipcode: expect.stringMatching(/^\d{5}$/) });
    }
    const statuses = new Set(month.jobs.map((j) => j.status));
    for (const status of ['scheduled', 'completed', 'canceled'] as const) {
      expect(statuses).toContain(status);
    }
    for (const job of month.jobs) {
      expect(job.revenueCents !== null).toBe(job.status === 'completed');
      expect(job.completedAt !== null).toBe(job.status === 'completed');
      if (job.status !== 'scheduled' && job.status !== 'canceled') {
        expect(job.technicianExternalId).not.toBeNull();
      }
    }
    const types = month.calls.map((c) => c.callType);
    expect(types).toContain('Booked');
    expect(types).toContain('Unbooked');
    expect(month.calls.some((c) => c.customerExternalId === null)).toBe(true);
  });

  it('technicians join the crew later and get jobs booked after they joined', async () => {
    const half = await snapshot(connect(values, { now: at(180) }, 500));
    const joiners = half.technicians.slice(5);
    expect(joiners.length).toBeGreaterThan(0);
    for (const joiner of joiners) {
      let joinedDay = 0;
      while (
        !(await exportAll(connect(values, { now: at(joinedDay) }), 'technicians')).items.some(
          (t) => t.externalId === joiner.externalId,
        )
      ) {
        joinedDay++;
      }
      expect(joinedDay).toBeGreaterThan(30);
      const theirs = half.jobs.filter((j) => j.technicianExternalId === joiner.externalId);
      for (const job of theirs)
        expect(job.createdAt.getTime()).toBeGreaterThan(at(joinedDay).getTime());
    }
    expect(half.jobs.some((j) => j.technicianExternalId === joiners[0]!.externalId)).toBe(true);
  });

  it('revenue: integer cents, some $0 and some over $10,000 in a quarter', async () => {
    const { items: jobs } = await exportAll(connect(values, { now: at(90) }), 'jobs');
    const revenues = jobs.flatMap((j) => (j.revenueCents === null ? [] : [j.revenueCents]));
    expect(revenues.every((r) => Number.isInteger(r) && r >= 0)).toBe(true);
    expect(revenues).toContain(0);
    expect(revenues.some((r) => r > 1_000_000)).toBe(true);
  });

  it('keeps every reference inside the export', async () => {
    const world = await snapshot(connect(values, { now: at(60) }));
    const customers = new Set(ids(world.customers));
    const technicians = new Set(ids(world.technicians));
    const jobs = new Map(world.jobs.map((j) => [j.externalId, j]));
    const locations = new Map(world.locations.map((l) => [l.externalId, l]));

    for (const location of world.locations)
      expect(customers).toContain(location.customerExternalId);
    for (const job of world.jobs) {
      expect(customers).toContain(job.customerExternalId);
      expect(locations.get(job.locationExternalId!)?.customerExternalId).toBe(
        job.customerExternalId,
      );
      if (job.technicianExternalId) expect(technicians).toContain(job.technicianExternalId);
    }
    for (const call of world.calls) {
      if (call.customerExternalId) expect(customers).toContain(call.customerExternalId);
      if (call.callType === 'Booked') {
        const job = jobs.get(call.jobExternalId!);
        expect(job?.customerExternalId).toBe(call.customerExternalId);
        expect(call.startedAt.getTime()).toBeLessThanOrEqual(job!.createdAt.getTime());
      } else {
        expect(call.jobExternalId).toBeNull();
      }
    }
  });

  it('keeps references whole when a sync takes minutes between entities, at any time of day', async () => {
    for (let minute = 0; minute < 24 * 60; minute += 23) {
      const clock = { now: new Date(at(12).getTime() + minute * 60_000) };
      const connection = connect(values, clock);
      const exported = new Map<CrmEntity, Set<string>>();
      const jobs: CrmRecordOf['jobs'][] = [];
      const calls: CrmRecordOf['calls'][] = [];
      for (const entity of CRM_ENTITIES) {
        const { items } = await exportAll(connection, entity);
        exported.set(entity, new Set(ids(items)));
        if (entity === 'jobs') jobs.push(...(items as CrmRecordOf['jobs'][]));
        if (entity === 'calls') calls.push(...(items as CrmRecordOf['calls'][]));
        clock.now = new Date(clock.now.getTime() + 4 * 60_000);
      }
      for (const job of jobs) {
        expect(exported.get('customers')).toContain(job.customerExternalId);
        expect(exported.get('locations')).toContain(job.locationExternalId);
      }
      for (const call of calls) {
        if (call.jobExternalId) expect(exported.get('jobs')).toContain(call.jobExternalId);
        if (call.customerExternalId)
          expect(exported.get('customers')).toContain(call.customerExternalId);
      }
    }
  });

  it('pages through everything exactly once, in order of change', async () => {
    const clock = { now: at(45) };
    const whole = await snapshot(connect(values, clock, 10_000));
    for (const entity of CRM_ENTITIES) {
      const paged = await exportAll(connect(values, clock, 3), entity);
      expect(paged.pages.every((n) => n <= 3)).toBe(true);
      expect(paged.pages.length).toBeGreaterThan(1);
      expect(ids(paged.items)).toEqual(ids(whole[entity]));
      expect(new Set(ids(paged.items)).size).toBe(paged.items.length);
    }
  });

  it('a later sync brings the new records and the jobs that moved on, and nothing else', async () => {
    const clock = { now: at(20) };
    const connection = connect(values, clock, 25);
    const first = await exportAll(connection, 'jobs');
    const firstCustomers = await exportAll(connection, 'customers');
    const before = new Map(first.items.map((j) => [j.externalId, j]));

    clock.now = at(23);
    const later = await exportAll(connection, 'jobs', first.cursor);
    const laterCustomers = await exportAll(connection, 'customers', firstCustomers.cursor);

    // The truth at the later time, from a fresh export.
    const now = new Map(
      (await exportAll(connect(values, clock), 'jobs')).items.map((j) => [j.externalId, j]),
    );
    const expected = [...now.values()].filter(
      (job) => JSON.stringify(job) !== JSON.stringify(before.get(job.externalId)),
    );
    expect(ids(later.items).sort()).toEqual(ids(expected).sort());
    expect(later.items.some((j) => before.has(j.externalId))).toBe(true);
    expect(later.items.some((j) => !before.has(j.externalId))).toBe(true);
    for (const job of later.items) expect(job).toEqual(now.get(job.externalId));

    expect(laterCustomers.items.length).toBeGreaterThan(0);
    const known = new Set(ids(firstCustomers.items));
    expect(laterCustomers.items.every((c) => !known.has(c.externalId))).toBe(true);

    // Caught up: asking again at the same time brings nothing.
    const again = await connection.exportPage('jobs', later.cursor);
    expect(again).toMatchObject({ items: [], hasMore: false, cursor: later.cursor });
  });

  it('moves jobs from scheduled through dispatched and in progress to completed with revenue', async () => {
    const jobAt = async (days: number) => {
      const { items } = await exportAll(connect(values, { now: at(days) }), 'jobs');
      return new Map(items.map((j) => [j.externalId, j]));
    };
    const early = await jobAt(3);
    const late = await jobAt(20);
    const seen = new Set<string>();
    for (const [id, job] of early) {
      const finished = late.get(id)!;
      seen.add(`${job.status}→${finished.status}`);
      if (finished.status === 'completed') {
        expect(finished.revenueCents).not.toBeNull();
        expect(finished.completedAt!.getTime()).toBeGreaterThan(finished.createdAt.getTime());
      }
    }
    // Days later, every job of the first days has reached an end (or waits on hold).
    for (const id of early.keys()) {
      expect(['completed', 'canceled', 'hold']).toContain(late.get(id)!.status);
    }
    const statusesOverTime = new Set<string>();
    for (let hour = 0; hour < 5 * 24; hour += 1) {
      const { items } = await exportAll(
        connect(values, { now: new Date(startMs + hour * 3_600_000) }, 500),
        'jobs',
      );
      const job = items.find((j) => j.externalId === 'job-1');
      if (job) statusesOverTime.add(job.status);
    }
    expect([...statusesOverTime]).toEqual(
      expect.arrayContaining(['scheduled', 'dispatched', 'in-progress']),
    );
    expect(seen.size).toBeGreaterThan(1);
  });

  it('streams each call recording: the shipped clip, its length the call duration', async () => {
    const connection = connect(values, { now: at(10) });
    const { items: calls } = await exportAll(connection, 'calls');
    const booked = calls.find((c) => c.callType === 'Booked')!;
    expect(booked.recordingRef).toMatch(/booked\.ogg$/);
    const unbooked = calls.find((c) => c.callType === 'Unbooked')!;
    expect(unbooked.recordingRef).toMatch(/unbooked\.ogg$/);
    expect(booked.durationSeconds).toBeGreaterThan(10);

    const recording = await connection.downloadRecording(booked.recordingRef!);
    expect(recording.contentType).toBe('audio/ogg');
    const chunks: Buffer[] = [];
    for await (const chunk of recording.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.length).toBeGreaterThan(10_000);

    const missing = connection.downloadRecording('../../secrets.ogg');
    await expect(missing).rejects.toBeInstanceOf(CrmError);
    await expect(missing).rejects.toMatchObject({ retryable: false });
  });

  it('verify refuses a tenant id that is not digits and a start date that is not a date', async () => {
    const clock = { now: at(1) };
    await expect(connect(values, clock).verify()).resolves.toBeUndefined();
    for (const bad of [
      { ...values, tenant_id: '47a1' },
      { ...values, start_date: '2026-13-45' },
      { tenant_id: '1' },
    ]) {
      await expect(connect(bad, clock).verify()).rejects.toMatchObject({
        name: 'CrmError',
        credentials: true,
      });
    }
    await expect(connect(values, clock).exportPage('jobs', 'not a cursor')).rejects.toMatchObject({
      name: 'CrmError',
      retryable: false,
    });
  });

  it('generates a 90-day history in well under a second', async () => {
    const started = performance.now();
    const quarter = await snapshot(connect(values, { now: at(90) }, 200));
    const elapsed = performance.now() - started;
    expect(quarter.jobs.length).toBeGreaterThan(150);
    expect(elapsed).toBeLessThan(1_000);
  });
});
