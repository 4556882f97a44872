import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { AUDIO_PEAKS_MAX } from '@fieldbot/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { loadDemoClips } from '../src/lib/demo-clips';
import {
  DEMO_CUSTOMERS_PER_COMPANY,
  DEMO_INTERACTIONS_PER_COMPANY,
} from '../src/seed/demo-interactions';
import { createStorageProvider } from '../src/providers/storage';
import { DEMO } from './support/demo';
import { HOOK_TIMEOUT_MS, useTestApp } from './support/test-app';

// The demo customers, jobs and interactions, read straight from the database.

const t = useTestApp();
const audioDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/lib/demo-audio',
);
const COMPANIES = ['Acme Home Services', 'Globex Plumbing'] as const;

type Row = Record<string, unknown>;
let rows: {
  customers: Row[];
  jobs: Row[];
  interactions: Row[];
  assets: Row[];
  segments: Row[];
  usage: Row[];
  techs: Row[];
};

beforeAll(async () => {
  // One read for the whole file: on PGlite each costs a server restart.
  rows = await t.inspect(async (query) => ({
    customers: await query(
      `SELECT c.*, co.name AS company FROM customers c JOIN companies co ON co.id = c.company_id`,
    ),
    jobs: await query(`SELECT j.*, co.name AS company FROM jobs j
      JOIN companies co ON co.id = j.company_id`),
    interactions: await query(`SELECT i.*, co.name AS company FROM interactions i
      JOIN companies co ON co.id = i.company_id`),
    assets: await query(`SELECT * FROM audio_assets`),
    segments: await query(`SELECT * FROM transcript_segments ORDER BY interaction_id, position`),
    usage: await query(`SELECT * FROM usage_records`),
    techs: await query(`SELECT u.id, u.email, co.name AS company, r.alias FROM users u
      JOIN roles r ON r.id = u.role_id JOIN companies co ON co.id = u.company_id
      WHERE r.alias = 'field_team'`),
  }));
}, HOOK_TIMEOUT_MS);

const ofCompany = (list: Row[], company: string) => list.filter((r) => r.company === company);

/** Decodes the audio with ffmpeg and returns its length in seconds (8 kHz mono 16-bit PCM). */
async function decodedSeconds(body: Buffer): Promise<number> {
  const child = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0'],
    ...['-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
  ]);
  child.stdin.end(body);
  const [pcm, code] = await Promise.all([
    buffer(child.stdout),
    new Promise((resolve, reject) => child.on('close', resolve).on('error', reject)),
  ]);
  expect(code).toBe(0);
  return pcm.length / 2 / 8000;
}

describe('demo customers and jobs', () => {
  it.each(COMPANIES)('%s has 40 customers of both types, some inactive', (company) => {
    const customers = ofCompany(rows.customers, company);
    expect(customers).toHaveLength(DEMO_CUSTOMERS_PER_COMPANY);
    expect(new Set(customers.map((c) => c.type))).toEqual(new Set(['Residential', 'Commercial']));
    const inactive = customers.filter((c) => c.active === false).length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(customers.length / 2);
    for (const c of customers) expect(c.external_id).toMatch(/^C-\d{5}$/);
    expect(new Set(customers.map((c) => c.name)).size).toBe(customers.length);
  });

  it.each(COMPANIES)(
    "%s's jobs have numbers, technicians of the company and the trigger's counts",
    (company) => {
      const jobs = ofCompany(rows.jobs, company);
      const techIds = new Set(ofCompany(rows.techs, company).map((u) => u.id));
      expect(techIds.size).toBe(company === 'Acme Home Services' ? 3 : 2);
      expect(jobs.length).toBeGreaterThan(DEMO_CUSTOMERS_PER_COMPANY);
      for (const job of jobs) {
        expect(job.job_number).toMatch(/^J-\d{5}$/);
        expect(techIds.has(job.technician_id)).toBe(true);
        // Completed jobs carry revenue and a completion time; open ones neither.
        expect(job.completed_at === null).toBe(job.status !== 'completed');
        expect(job.revenue === null).toBe(job.status !== 'completed');
      }
      // Every technician has work; statuses include open jobs.
      expect(new Set(jobs.map((j) => j.technician_id))).toEqual(techIds);
      expect(new Set(jobs.map((j) => j.status)).size).toBeGreaterThan(1);
      for (const customer of ofCompany(rows.customers, company)) {
        const count = jobs.filter((j) => j.customer_id === customer.id).length;
        expect(customer.jobs_count).toBe(count);
      }
      expect(ofCompany(rows.customers, company).some((c) => c.jobs_count === 0)).toBe(true);
    },
  );

  it('gives the demo technician some of Acme’s customers, not all', () => {
    const tech = rows.techs.find((u) => u.email === DEMO.tech.email)!;
    const customers = new Set(
      rows.jobs.filter((j) => j.technician_id === tech.id).map((j) => j.customer_id),
    );
    expect(customers.size).toBeGreaterThanOrEqual(5);
    expect(customers.size).toBeLessThan(DEMO_CUSTOMERS_PER_COMPANY / 2);
    const acme = new Set(ofCompany(rows.customers, COMPANIES[0]).map((c) => c.id));
    for (const id of customers) expect(acme.has(id)).toBe(true);
  });
});

describe('demo interactions', () => {
  it.each(COMPANIES)('%s has 150 interactions in every state of spec §4', (company) => {
    const list = ofCompany(rows.interactions, company);
    expect(list).toHaveLength(DEMO_INTERACTIONS_PER_COMPANY);
    const recordings = list.filter((i) => i.type === 'field-recording');
    const calls = list.filter((i) => i.type === 'csr-call');
    expect(new Set(recordings.map((i) => i.status))).toEqual(
      new Set(['completed', 'in-progress', 'paused']),
    );
    expect(new Set(calls.map((i) => i.status))).toEqual(
      new Set(['completed', 'in-progress', 'terminated']),
    );
    expect(new Set(calls.map((i) => i.download_status))).toEqual(
      new Set(['completed', 'error', 'in-progress', null]),
    );
    expect(new Set(calls.map((i) => i.call_type))).toEqual(new Set(['Booked', 'Unbooked']));
    for (const r of recordings) {
      expect(r.number).toMatch(/^R-\d{6}$/);
      expect(r.call_type).toBeNull();
      expect(r.download_status).toBeNull();
      expect(r.job_id).not.toBeNull();
      expect(r.recorded_by_id).not.toBeNull();
    }
    for (const c of calls) {
      expect(c.number).toMatch(/^CSR-\d+$/);
      // Every call, and so every Re Download, reads its audio from storage: works offline.
      expect(c.source_url).toMatch(/^storage:demo-audio\/\d\d-[a-z-]+\.ogg$/);
    }
    expect(new Set(list.map((i) => i.number)).size).toBe(list.length);
    // Merging, merge error and transcript error are there too.
    expect(new Set(list.map((i) => i.audio_merge_status))).toEqual(
      new Set(['completed', 'in-progress', 'error', null]),
    );
    expect(new Set(list.map((i) => i.transcript_status))).toEqual(
      new Set(['completed', 'error', null]),
    );
    // Most are completed; all started within the last 90 days.
    expect(list.filter((i) => i.status === 'completed').length).toBeGreaterThan(list.length / 2);
    const now = Date.now();
    for (const i of list) {
      const started = new Date(i.started_at as string).getTime();
      expect(started).toBeLessThanOrEqual(now);
      expect(started).toBeGreaterThan(now - 91 * 24 * 60 * 60 * 1000);
    }
  });

  it.each(COMPANIES)(
    "%s's first customer has several pages of interactions, newest first a playable recording",
    (company) => {
      const customers = ofCompany(rows.customers, company).sort((a, b) =>
        String(a.external_id).localeCompare(String(b.external_id)),
      );
      const list = rows.interactions
        .filter((i) => i.customer_id === customers[0]!.id)
        .sort((a, b) => +new Date(b.started_at as string) - +new Date(a.started_at as string));
      expect(list.length).toBeGreaterThan(70);
      expect(list[0]).toMatchObject({ type: 'field-recording', status: 'completed' });
      expect(rows.assets.some((a) => a.interaction_id === list[0]!.id)).toBe(true);
    },
  );

  it("keeps every customer's interactions_count equal to its interactions (the trigger)", () => {
    const counts = new Map<unknown, number>();
    for (const i of rows.interactions) {
      counts.set(i.customer_id, (counts.get(i.customer_id) ?? 0) + 1);
    }
    const wrong = rows.customers
      .filter((c) => c.interactions_count !== (counts.get(c.id) ?? 0))
      .map(
        (c) =>
          `${String(c.company)} ${String(c.name)}: ${String(c.interactions_count)} stored, ` +
          `${counts.get(c.id) ?? 0} counted`,
      );
    expect(wrong).toEqual([]);
    expect(rows.customers.some((c) => (c.interactions_count as number) > 0)).toBe(true);
  });

  it('gives completed interactions audio, peaks and transcripts from the clips', () => {
    const clips = new Map(loadDemoClips().map((c) => [`demo-audio/${c.file}`, c]));
    const assets = new Map(rows.assets.map((a) => [a.interaction_id, a]));
    const segmentsOf = new Map<unknown, Row[]>();
    for (const s of rows.segments) {
      segmentsOf.set(s.interaction_id, [...(segmentsOf.get(s.interaction_id) ?? []), s]);
    }
    // Problems are collected and compared once: one readable diff instead of thousands of expects.
    const problems: string[] = [];
    const check = (ok: boolean, what: string, row: Row) => {
      if (!ok) problems.push(`${String(row.company)} ${String(row.number)}: ${what}`);
    };
    let withTranscript = 0;
    for (const i of rows.interactions) {
      const asset = assets.get(i.id);
      const segments = segmentsOf.get(i.id) ?? [];
      check(Boolean(asset) === (i.audio_merge_status === 'completed'), 'asset iff merged', i);
      check(segments.length > 0 === (i.transcript_status === 'completed'), 'segments', i);
      check((i.transcript_text !== null) === (i.transcript_status === 'completed'), 'text', i);
      if (!asset) {
        check(i.duration_seconds === null, 'no duration without audio', i);
        continue;
      }
      const clip = clips.get(asset.storage_key as string);
      if (!clip) {
        check(false, `unknown clip ${String(asset.storage_key)}`, i);
        continue;
      }
      check(asset.content_type === 'audio/ogg' && asset.format === 'ogg', 'content type', i);
      check(asset.size_bytes === clip.size_bytes, 'size', i);
      check(asset.duration_seconds === clip.duration, 'asset duration', i);
      check(i.duration_seconds === clip.duration, 'duration', i);
      const peaks = asset.peaks as number[];
      check(peaks.length === Math.min(AUDIO_PEAKS_MAX, Math.ceil(clip.duration * 20)), 'N', i);
      check(
        peaks.every((p) => p >= 0 && p <= 1 && Math.abs(Math.round(p * 100) - p * 100) < 1e-9),
        'peaks 0..1',
        i,
      );
      if (segments.length === 0) continue;
      withTranscript += 1;
      // Segments: positions 0..n-1, in time order, inside the audio, with a speaker.
      check(
        segments.every((s, index) => s.position === index),
        'positions 0..n-1',
        i,
      );
      let previousEnd = 0;
      for (const s of segments) {
        const start = s.start_seconds as number;
        const end = s.end_seconds as number;
        check(start >= previousEnd && end > start, `segment ${String(s.position)} order`, i);
        check(['Technician', 'CSR', 'Customer'].includes(s.speaker as string), 'speaker', i);
        previousEnd = end;
      }
      check(previousEnd <= clip.duration, 'segments inside the audio', i);
      check(i.transcript_text === segments.map((s) => s.text).join(' '), 'transcript text', i);
    }
    expect(problems).toEqual([]);
    expect(withTranscript).toBeGreaterThan(200);
    // Capacity metering: one usage row per interaction with audio.
    expect(rows.usage).toHaveLength(rows.assets.length);
  });

  it('stores the ten clips once through the storage provider, as real speech audio', async () => {
    const clips = loadDemoClips();
    expect(clips).toHaveLength(10);
    const keys = new Set(rows.assets.map((a) => a.storage_key));
    expect([...keys].sort()).toEqual(clips.map((c) => `demo-audio/${c.file}`).sort());
    const storage = createStorageProvider(loadConfig({ ...t.env }));
    for (const clip of clips) {
      expect(clip.duration).toBeGreaterThanOrEqual(5);
      expect(clip.duration).toBeLessThanOrEqual(60);
      const object = await storage.get(`demo-audio/${clip.file}`);
      expect(object, clip.file).not.toBeNull();
      expect(object!.contentType).toBe('audio/ogg');
      const body = await buffer(object!.body);
      expect(body.equals(await readFile(path.join(audioDir, clip.file)))).toBe(true);
      expect(Math.abs((await decodedSeconds(body)) - clip.duration)).toBeLessThan(0.05);
    }
    const total = clips.reduce((sum, c) => sum + c.size_bytes, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
    // Both field recordings and calls, for both trades.
    expect(new Set(clips.map((c) => `${c.trade}/${c.type}`)).size).toBe(4);
  }, 60_000);
});

describe('demo billing history', () => {
  it('closes three paid months for Acme and leaves Initech payment-due after a failed charge', async () => {
    const rows = await t.inspect((query) =>
      query(`SELECT co.name, co.is_payment_due, i.status, i.total_cents, pt.status AS charge,
               pt.card_last4
             FROM invoices i JOIN companies co ON co.id = i.company_id
             LEFT JOIN payment_transactions pt ON pt.invoice_id = i.id
             ORDER BY co.name, i.period`),
    );
    const acme = rows.filter((r) => r.name === DEMO.admin.company);
    expect(acme).toHaveLength(3);
    for (const invoice of acme) {
      expect(invoice.status).toBe('paid');
      expect(invoice.is_payment_due).toBe(false);
      // A month with minutes was charged to the saved 4242 card; an empty one needs no charge.
      if (Number(invoice.total_cents) > 0) {
        expect(invoice).toMatchObject({ charge: 'success', card_last4: '4242' });
      }
    }
    expect(acme.some((invoice) => Number(invoice.total_cents) > 0)).toBe(true);
    const initech = rows.filter((r) => r.name === 'Initech Heating & Air');
    expect(initech).toHaveLength(1);
    expect(initech[0]).toMatchObject({
      status: 'failed',
      is_payment_due: true,
      charge: 'failed',
      card_last4: '0341',
    });
    expect(Number(initech[0]!.total_cents)).toBeGreaterThan(0);
  });
});

describe('demo clients', () => {
  it('dates each client from its first subscription, before the bot runs it was billed for', async () => {
    const rows = await t.inspect((query) =>
      query(`SELECT pc.company_id, pc.created_at AS since,
               (SELECT min(cb.created_at) FROM company_bots cb
                  JOIN bots b ON b.id = cb.bot_id
                  WHERE cb.company_id = pc.company_id AND b.publisher_id = pc.publisher_id)
                 AS first_subscription,
               (SELECT min(u.created_at) FROM bot_usage u
                  WHERE u.company_id = pc.company_id AND u.publisher_id = pc.publisher_id)
                 AS first_run
             FROM publisher_clients pc`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const since = new Date(row.since as string).getTime();
      expect(since).toBe(new Date(row.first_subscription as string).getTime());
      if (row.first_run !== null) {
        expect(since).toBeLessThanOrEqual(new Date(row.first_run as string).getTime());
      }
      // Months before the seed ran, not the day it ran.
      expect(Date.now() - since).toBeGreaterThan(90 * 86_400_000);
    }
  });
});
