import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { InteractionType } from '@fieldbot/shared';
import { beforeAll } from 'vitest';
import { createLocalStorage } from '../../src/providers/storage/local-storage';
import { DEMO } from './demo';
import { APP_URL, HOOK_TIMEOUT_MS, type SqlQuery, type TestApp } from './test-app';

/**
 * A company of its own for the customers and interactions tests ("Initech Field Services"), so
 * counts and orders are exact whatever the demo seed holds. Its users are copies of demo accounts
 * (same password, Demo@12345); everything is inserted with SQL in one `inspect`.
 */

export interface CustomerFixture {
  id: string;
  externalId: string;
  name: string;
  type: 'Residential' | 'Commercial';
  active: boolean;
  createdAt: string;
  /** Job numbers and who they are assigned to. */
  jobs: { number: string; technician: 'tech1' | 'tech2' | null }[];
}

export interface InteractionFixture {
  id: string;
  number: string;
  customer: string;
  type: InteractionType;
  callType: 'Booked' | 'Unbooked' | null;
  status: 'completed' | 'in-progress' | 'paused' | 'terminated';
  downloadStatus: 'error' | 'in-progress' | 'completed' | null;
  job: string | null;
  recordedBy: 'tech1' | 'tech2' | null;
  startedAt: string;
  duration: number | null;
  transcript: string | null;
  segments: { start: number; end: number; speaker: string; text: string }[];
  audio: boolean;
}

export const TECH_NAMES = { tech1: 'Tina Tech', tech2: 'Omar Other' } as const;

const at = (day: number, hour = 9) => new Date(Date.UTC(2025, 0, day, hour, 0, 0)).toISOString();

function customer(
  name: string,
  n: number,
  type: CustomerFixture['type'],
  active: boolean,
  jobs: CustomerFixture['jobs'],
): CustomerFixture {
  return {
    id: randomUUID(),
    externalId: `CUS-${1000 + n}`,
    name,
    type,
    active,
    createdAt: at(n),
    jobs,
  };
}

/** 13 customers: two pages, both types, both statuses, 0–3 jobs, ties on type/status/# of jobs. */
export function customerFixtures(): CustomerFixture[] {
  return [
    customer('Alpha Plumbing Co', 1, 'Commercial', true, [
      { number: 'J-5001', technician: 'tech1' },
    ]),
    customer('Bravo Residence', 2, 'Residential', true, [
      { number: 'J-5002', technician: 'tech2' },
      { number: 'J-5003', technician: 'tech2' },
    ]),
    customer('Charlie Home', 3, 'Residential', false, []),
    customer('Delta Offices', 4, 'Commercial', true, [
      { number: 'J-5004', technician: 'tech1' },
      { number: 'J-5005', technician: 'tech2' },
      { number: 'J-5006', technician: null },
    ]),
    customer('Echo Family', 5, 'Residential', true, [{ number: 'J-7777', technician: 'tech2' }]),
    customer('Foxtrot Storage', 6, 'Commercial', false, [{ number: 'J-5008', technician: null }]),
    customer('Golf Club Estates', 7, 'Commercial', true, [
      { number: 'J-5009', technician: 'tech2' },
      { number: 'J-5010', technician: 'tech1' },
    ]),
    customer('Hotel Grand', 8, 'Commercial', true, []),
    customer('India Street Homes', 9, 'Residential', false, [
      { number: 'J-5011', technician: 'tech2' },
    ]),
    customer('Juliet Apartments', 10, 'Residential', true, [
      { number: 'J-5012', technician: null },
    ]),
    customer('Kilo Dental', 11, 'Commercial', true, [{ number: 'J-5013', technician: 'tech2' }]),
    customer('Lima Bakery', 12, 'Residential', true, []),
    customer('Mike 100%_off Outlet', 13, 'Commercial', true, []),
  ];
}

/** The Delta Offices list (13 interactions: two pages) and one interaction of Bravo Residence. */
export function interactionFixtures(customers: CustomerFixture[]): InteractionFixture[] {
  const delta = customers.find((c) => c.name === 'Delta Offices')!.id;
  const bravo = customers.find((c) => c.name === 'Bravo Residence')!.id;
  const base: Pick<
    InteractionFixture,
    'customer' | 'callType' | 'status' | 'downloadStatus' | 'transcript' | 'segments' | 'audio'
  > = {
    customer: delta,
    callType: null,
    status: 'completed',
    downloadStatus: null,
    transcript: null,
    segments: [],
    audio: false,
  };
  const rows: Omit<InteractionFixture, 'id'>[] = [
    {
      ...base,
      number: 'R-000101',
      type: 'field-recording',
      job: 'J-5004',
      recordedBy: 'tech1',
      startedAt: at(20, 8),
      duration: 65.5,
      transcript: 'Hello, I am here to look at the boiler. The boiler is leaking near the valve.',
      segments: [
        {
          start: 0,
          end: 4.2,
          speaker: 'Speaker 1',
          text: 'Hello, I am here to look at the boiler.',
        },
        {
          start: 4.2,
          end: 9.8,
          speaker: 'Speaker 2',
          text: 'The boiler is leaking near the valve.',
        },
        { start: 62, end: 65.5, speaker: 'Speaker 1', text: 'All done, thank you.' },
      ],
      audio: true,
    },
    {
      ...base,
      number: 'R-000102',
      type: 'field-recording',
      job: 'J-5004',
      recordedBy: 'tech1',
      startedAt: at(19),
      duration: 30,
      transcript: 'The thermostat display was blank; replaced the batteries.',
    },
    {
      ...base,
      number: 'R-000103',
      type: 'field-recording',
      job: 'J-5005',
      recordedBy: 'tech2',
      startedAt: at(18),
      duration: 120,
      transcript: 'Installed a new water softener in the basement.',
    },
    {
      ...base,
      number: 'R-000104',
      type: 'field-recording',
      job: 'J-5005',
      recordedBy: 'tech1',
      startedAt: at(17),
      duration: null,
      status: 'in-progress',
    },
    {
      ...base,
      number: 'CALL-9001',
      type: 'csr-call',
      callType: 'Booked',
      job: 'J-5004',
      recordedBy: null,
      startedAt: at(16),
      duration: 45,
      downloadStatus: 'completed',
      transcript: 'Customer called to book a furnace inspection.',
    },
    {
      ...base,
      number: 'CALL-9002',
      type: 'csr-call',
      callType: 'Unbooked',
      job: 'J-5005',
      recordedBy: null,
      startedAt: at(15),
      duration: 12,
      downloadStatus: 'error',
    },
    {
      ...base,
      number: 'CALL-9003',
      type: 'csr-call',
      callType: 'Booked',
      job: null,
      recordedBy: null,
      startedAt: at(14),
      duration: null,
      downloadStatus: 'in-progress',
    },
    {
      ...base,
      number: 'CALL-9004',
      type: 'csr-call',
      callType: null,
      job: 'J-5006',
      recordedBy: null,
      startedAt: at(13),
      duration: null,
      downloadStatus: null,
      status: 'in-progress',
    },
    {
      ...base,
      number: 'R-000105',
      type: 'field-recording',
      job: 'J-5006',
      recordedBy: 'tech2',
      startedAt: at(12),
      duration: 300,
      status: 'paused',
    },
    {
      ...base,
      number: 'R-000106',
      type: 'field-recording',
      job: null,
      recordedBy: 'tech1',
      startedAt: at(11),
      duration: 8,
    },
    {
      ...base,
      number: 'CALL-9005',
      type: 'csr-call',
      callType: 'Unbooked',
      job: 'J-5004',
      recordedBy: null,
      startedAt: at(10),
      duration: 33,
      downloadStatus: 'completed',
      status: 'terminated',
    },
    {
      ...base,
      number: 'R-000107',
      type: 'field-recording',
      job: 'J-5005',
      recordedBy: 'tech2',
      startedAt: at(9),
      duration: 90,
    },
    {
      ...base,
      number: 'R-000108',
      type: 'field-recording',
      job: 'J-5004',
      recordedBy: 'tech2',
      startedAt: at(8),
      duration: 61,
    },
    {
      ...base,
      customer: bravo,
      number: 'R-000201',
      type: 'field-recording',
      job: 'J-5002',
      recordedBy: 'tech2',
      startedAt: at(21),
      duration: 40,
      transcript: 'Bravo kitchen sink repair.',
      segments: [{ start: 0, end: 3, speaker: 'Speaker 1', text: 'Bravo kitchen sink repair.' }],
    },
  ];
  return rows.map((row) => ({ id: randomUUID(), ...row }));
}

export interface Fixtures {
  companyId: string;
  accounts: { admin: string; manager: string; tech1: string; tech2: string };
  userIds: { tech1: string; tech2: string };
  customers: CustomerFixture[];
  interactions: InteractionFixture[];
  /** Bytes of the merged audio of the interaction with `audio: true`. */
  audioBytes: Buffer;
  audioKey: string;
  audioPeaks: number[];
}

/** Deterministic, not all-equal bytes, so any wrong offset shows. */
export function audioBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

/** A user of `companyId` with the demo password (copied from the demo admin). */
export async function insertUser(
  q: SqlQuery,
  input: { email: string; name: string; role: string; companyId: string },
): Promise<string> {
  const [row] = await q(
    `INSERT INTO users (name, email, password_hash, email_verified_at, role_id, company_id)
     SELECT $1, $2, password_hash, now(), (SELECT id FROM roles WHERE alias = $3), $4
     FROM users WHERE email = $5
     RETURNING id`,
    [input.name, input.email, input.role, input.companyId, DEMO.admin.email],
  );
  return row!.id as string;
}

export async function insertInteractionFixtures(t: TestApp): Promise<Fixtures> {
  const suffix = randomUUID().slice(0, 8);
  const accounts = {
    admin: `initech.admin.${suffix}@example.test`,
    manager: `initech.manager.${suffix}@example.test`,
    tech1: `initech.tech1.${suffix}@example.test`,
    tech2: `initech.tech2.${suffix}@example.test`,
  };
  const customers = customerFixtures();
  const interactions = interactionFixtures(customers);
  const withAudio = interactions.find((i) => i.audio)!;
  const audioPeaks = [0.12, 0.5, 1, 0.33];
  const bytes = audioBytes(10_000);

  const ids = await t.inspect(async (q) => {
    const [company] = await q(
      `INSERT INTO companies (name, is_billing_connected, is_crm_connected)
       VALUES ('Initech Field Services', true, true) RETURNING id`,
    );
    const companyId = company!.id as string;
    await insertUser(q, {
      email: accounts.admin,
      name: 'Ina Admin',
      role: 'company_admin',
      companyId,
    });
    await insertUser(q, {
      email: accounts.manager,
      name: 'Max Manager',
      role: 'manager',
      companyId,
    });
    const tech1 = await insertUser(q, {
      email: accounts.tech1,
      name: TECH_NAMES.tech1,
      role: 'field_team',
      companyId,
    });
    const tech2 = await insertUser(q, {
      email: accounts.tech2,
      name: TECH_NAMES.tech2,
      role: 'field_team',
      companyId,
    });
    const techId = { tech1, tech2 };
    const jobIds = new Map<string, string>();
    for (const c of customers) {
      await q(
        `INSERT INTO customers (id, company_id, external_id, name, type, active, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [c.id, companyId, c.externalId, c.name, c.type, c.active, c.createdAt],
      );
      for (const job of c.jobs) {
        const [row] = await q(
          `INSERT INTO jobs (company_id, customer_id, job_number, technician_id)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          [companyId, c.id, job.number, job.technician ? techId[job.technician] : null],
        );
        jobIds.set(job.number, row!.id as string);
      }
    }
    for (const i of interactions) {
      await q(
        `INSERT INTO interactions (id, company_id, customer_id, job_id, number, type, call_type,
           status, download_status, recorded_by_id, started_at, duration_seconds,
           audio_merge_status, transcript_status, transcript_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          i.id,
          companyId,
          i.customer,
          i.job ? jobIds.get(i.job)! : null,
          i.number,
          i.type,
          i.callType,
          i.status,
          i.downloadStatus,
          i.recordedBy ? techId[i.recordedBy] : null,
          i.startedAt,
          i.duration,
          i.audio ? 'completed' : null,
          i.transcript === null ? null : 'completed',
          i.transcript,
        ],
      );
      // Inserted last-first: the API must order segments by position, not by insertion.
      for (const [position, s] of [...i.segments.entries()].reverse()) {
        await q(
          `INSERT INTO transcript_segments (interaction_id, position, start_seconds, end_seconds,
             speaker, text) VALUES ($1, $2, $3, $4, $5, $6)`,
          [i.id, position, s.start, s.end, s.speaker, s.text],
        );
      }
    }
    const audioKey = `audio/${companyId}/${withAudio.id}.mp3`;
    await q(
      `INSERT INTO audio_assets (interaction_id, storage_key, content_type, format,
         duration_seconds, size_bytes, peaks) VALUES ($1, $2, 'audio/mpeg', 'mp3', $3, $4, $5)`,
      [withAudio.id, audioKey, withAudio.duration, bytes.length, JSON.stringify(audioPeaks)],
    );
    return { companyId, tech1, tech2, audioKey };
  });

  // The file itself, where the server's local storage provider reads it (DATA_DIR/uploads).
  const storage = createLocalStorage({
    root: join(t.dataDir, 'uploads'),
    appUrl: APP_URL,
    maxBytes: bytes.length,
  });
  await storage.put(ids.audioKey, bytes, 'audio/mpeg');

  return {
    companyId: ids.companyId,
    accounts,
    userIds: { tech1: ids.tech1, tech2: ids.tech2 },
    customers,
    interactions,
    audioBytes: bytes,
    audioKey: ids.audioKey,
    audioPeaks,
  };
}

/**
 * The fixtures inserted once before the file's tests. The returned object forwards to them (like
 * `useTestApp`), so it can be a file-level constant.
 */
export function useInteractionFixtures(t: TestApp): Fixtures {
  let fixtures: Fixtures | undefined;
  beforeAll(async () => {
    fixtures = await insertInteractionFixtures(t);
  }, HOOK_TIMEOUT_MS);
  return new Proxy({} as Fixtures, {
    get(_target, key) {
      if (!fixtures) throw new Error('The fixtures are used before beforeAll inserted them.');
      return Reflect.get(fixtures, key) as unknown;
    },
  });
}
