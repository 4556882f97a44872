import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { CrmEntity } from '../../src/providers/crm/crm-provider.js';
import { loadDemoClips } from '../../src/lib/demo-clips.js';

/**
 * A local ServiceTitan: OAuth2 client credentials at /connect/token and the export feeds the CRM
 * adapter reads (settings/crm/jpm/telecom v2 `.../tenant/{tenant}/export/<entity>?from=` →
 * {hasMore, continueFrom, data}), plus telecom v2 calls/{id}/recording. Shapes follow ServiceTitan's
 * published OpenAPI reference.
 *
 * Records are generated from their index on demand (nothing is held per record), so it serves the
 * 100k/300k-row benchmark as easily as a test. Each entity is a feed: positions 0..count-1 are the
 * records as first created, and every mutate/addRecords appends a batch of positions (an
 * arithmetic run of record indexes). continueFrom encodes the next feed position, so an export
 * resumed from a stored token returns only what changed since. A record changed again later is
 * skipped at its older positions, as a real feed shows each record once, at its latest change.
 */
export interface FakeServiceTitanCounts {
  technicians: number;
  customers: number;
  locations: number;
  jobs: number;
  calls: number;
}

export interface FakeServiceTitanOptions {
  counts?: Partial<FakeServiceTitanCounts>;
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  appKey?: string;
  /** expires_in of issued tokens (ServiceTitan: 900). */
  tokenTtlSeconds?: number;
  /** Page size when the request names none, and the most a request may ask for. */
  defaultPageSize?: number;
  maxPageSize?: number;
  /** modifiedOn of feed position 0; each later position is one second later. */
  baseTime?: Date;
  /** More tenant ids, answered with the same records: one fake serves several companies. */
  otherTenants?: readonly string[];
  /** The recording a tenant's calls serve (default: the smallest demo clip, for every tenant). */
  recordingOf?: (tenantId: string) => { body: Buffer; contentType: string } | undefined;
}

export type FakeServiceTitanEndpoint =
  | 'token'
  | `export/${CrmEntity}`
  | 'recording'
  | 'notes/list'
  | 'notes/create'
  | 'notes/delete'
  | 'other';

/**
 * A note as ServiceTitan keeps it: jpm v2 job notes (no id in its answers, no edit or delete) and
 * crm v2 customer notes (an id; deletable, not editable).
 */
export interface FakeServiceTitanNote {
  id: number;
  kind: 'job' | 'customer';
  targetId: number;
  text: string;
  createdOn: string;
  deleted: boolean;
}

export interface FakeServiceTitanControls {
  readonly credentials: {
    clientId: string;
    clientSecret: string;
    appKey: string;
    tenantId: string;
  };
  /** The record's ServiceTitan id, and back. */
  idOf(entity: CrmEntity, index: number): number;
  indexOf(entity: CrmEntity, id: number | string): number;
  /** How many records the entity has now. */
  count(entity: CrmEntity): number;
  /** modifiedOn of a feed position (records as first created: position = index). */
  modifiedOnAt(position: number): Date;
  /** Changes about `percent` % of the entity's records; returns the changed records' ids. */
  mutate(entity: CrmEntity, percent: number): number[];
  /** Creates n new records; returns their ids. */
  addRecords(entity: CrmEntity, n: number): number[];
  /** Every token issued so far answers 401 from now on. */
  expireTokens(): void;
  /** The next `count` API requests (not token requests) answer 429, with Retry-After when given. */
  inject429(count: number, retryAfter?: string): void;
  /** The next `count` API requests answer `status` (default 503). */
  inject5xx(count: number, status?: number): void;
  /** The call's recording answers `status` from now on. */
  failRecording(callId: number | string, status: number): void;
  /**
   * After `pages` more export pages, export requests are held unanswered (a CRM that hangs, so a
   * test can kill the worker mid-sync) until `release`.
   */
  holdExportsAfter(pages: number): void;
  /** The next recording download is held unanswered (a worker can be killed mid-download) until `release`. */
  holdNextRecording(): void;
  /** Answers the held requests and stops holding. */
  release(): void;
  /** Export and recording requests being held now. */
  held(): number;
  /** Requests received per endpoint (all of them: failed, refused and served). */
  requests(endpoint: FakeServiceTitanEndpoint): number;
  resetRequestCounts(): void;
  tokensIssued(): number;
  /** The notes of a job or customer (deleted ones too, flagged), oldest first. */
  notes(kind: 'job' | 'customer', targetId: number | string): FakeServiceTitanNote[];
}

export interface FakeServiceTitan {
  /** The origin, both the auth URL and the API URL. */
  url: string;
  /** The recording calls serve unless `recordingOf` names another, and its content type. */
  recording: { body: Buffer; contentType: string };
  controls: FakeServiceTitanControls;
  close(): Promise<void>;
}

const ENTITIES: readonly CrmEntity[] = ['technicians', 'customers', 'locations', 'jobs', 'calls'];
const MODULE_OF: Record<CrmEntity, string> = {
  technicians: 'settings',
  customers: 'crm',
  locations: 'crm',
  jobs: 'jpm',
  calls: 'telecom',
};
const ID_BASE: Record<CrmEntity, number> = {
  technicians: 10_000_000,
  customers: 20_000_000,
  locations: 30_000_000,
  jobs: 40_000_000,
  calls: 50_000_000,
};
const DEFAULT_COUNTS: FakeServiceTitanCounts = {
  technicians: 12,
  customers: 120,
  locations: 150,
  jobs: 300,
  calls: 200,
};

const FIRST = [
  'Ava',
  'Ben',
  'Cara',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivan',
  'June',
  'Kai',
  'Lena',
];
const LAST = [
  'Ortiz',
  'Nguyen',
  'Patel',
  'Smith',
  'Garcia',
  'Kim',
  'Brown',
  'Lopez',
  'Walsh',
  'Reed',
];
const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Birch', 'Willow', 'Aspen'];
const CITIES: [string, string][] = [
  ['Phoenix', 'AZ'],
  ['Austin', 'TX'],
  ['Denver', 'CO'],
  ['Tampa', 'FL'],
  ['Columbus', 'OH'],
];
const CALL_TYPES = ['Booked', 'Unbooked', 'Booked', 'Excused', 'NotLead', 'Abandoned', 'Unbooked'];
const DAY_MS = 86_400_000;

/** A run of feed positions: record indexes first, first+stride, … at one revision. */
interface Batch {
  start: number;
  first: number;
  stride: number;
  n: number;
  revision: number;
  kind: 'change' | 'new';
}

class Feed {
  private readonly batches: Batch[] = [];
  constructor(private readonly initial: number) {}

  get size(): number {
    const last = this.batches.at(-1);
    return last ? last.start + last.n : this.initial;
  }

  get count(): number {
    return this.batches.reduce((n, b) => (b.kind === 'new' ? n + b.n : n), this.initial);
  }

  append(kind: Batch['kind'], first: number, stride: number, n: number): number[] {
    const batch: Batch = {
      start: this.size,
      first,
      stride,
      n,
      revision: this.batches.length + 1,
      kind,
    };
    this.batches.push(batch);
    return Array.from({ length: n }, (_, i) => first + i * stride);
  }

  /** The record at a feed position, or null when a later batch changed it again. */
  at(position: number): { index: number; revision: number } | null {
    let index = position;
    let revision = 0;
    let after = 0;
    if (position >= this.initial) {
      after = this.batches.findIndex((b) => position < b.start + b.n);
      const batch = this.batches[after]!;
      index = batch.first + (position - batch.start) * batch.stride;
      revision = batch.revision;
      after += 1;
    }
    for (let b = after; b < this.batches.length; b++) {
      const later = this.batches[b]!;
      const offset = index - later.first;
      if (
        later.kind === 'change' &&
        offset >= 0 &&
        offset % later.stride === 0 &&
        offset / later.stride < later.n
      ) {
        return null;
      }
    }
    return { index, revision };
  }
}

/** A small integer hash: the same (entity, index, revision) always gives the same record. */
function hash(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function timeSpan(seconds: number, fraction: boolean): string {
  const t = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return fraction ? `${t}.2500000` : t;
}

function encodeToken(entity: CrmEntity, position: number): string {
  return Buffer.from(`st:${entity}:${position}`).toString('base64url');
}

function decodeToken(entity: CrmEntity, token: string): number | null {
  const match = /^st:([a-z]+):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match && match[1] === entity ? Number(match[2]) : null;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function problem(res: ServerResponse, status: number, title: string, headers = {}): void {
  sendJson(
    res,
    status,
    { type: 'about:blank', title, status, traceId: 'fake', errors: {} },
    headers,
  );
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function loadRecording(): { body: Buffer; contentType: string } {
  const clip = loadDemoClips().reduce((a, b) => (b.size_bytes < a.size_bytes ? b : a));
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/lib/demo-audio');
  return { body: readFileSync(path.join(dir, clip.file)), contentType: clip.content_type };
}

export async function startFakeServiceTitan(
  options: FakeServiceTitanOptions = {},
): Promise<FakeServiceTitan> {
  const initial: FakeServiceTitanCounts = { ...DEFAULT_COUNTS, ...options.counts };
  const credentials = {
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    appKey: options.appKey ?? 'fake-app-key',
    tenantId: options.tenantId ?? '1234567',
  };
  const ttl = options.tokenTtlSeconds ?? 900;
  const defaultPageSize = options.defaultPageSize ?? 500;
  const maxPageSize = options.maxPageSize ?? 5000;
  const base = (options.baseTime ?? new Date('2025-01-01T00:00:00Z')).getTime();
  const recording = loadRecording();
  const tenants = new Set([credentials.tenantId, ...(options.otherTenants ?? [])]);

  const feeds = Object.fromEntries(ENTITIES.map((e) => [e, new Feed(initial[e])])) as Record<
    CrmEntity,
    Feed
  >;
  const tokens = new Map<string, number>();
  const faults: { status: number; retryAfter?: string }[] = [];
  const failingRecordings = new Map<number, number>();
  const counts = new Map<FakeServiceTitanEndpoint, number>();
  let issued = 0;
  let origin = '';
  let holdAfter: number | null = null;
  let holding: (() => void)[] = [];
  let holdingRecordings = false;
  const notes: FakeServiceTitanNote[] = [];

  const idOf = (entity: CrmEntity, index: number) => ID_BASE[entity] + index;
  const modifiedOnAt = (position: number) => new Date(base + position * 1000);
  const createdOn = (index: number) => new Date(base - 60 * DAY_MS + index * 1000).toISOString();

  function technician(i: number, r: number) {
    const h = hash(1, i, r);
    const [first, last] = [pick(FIRST, i), pick(LAST, Math.floor(i / FIRST.length))];
    const digits = `555${pad(h % 10_000_000, 7)}`;
    return {
      id: idOf('technicians', i),
      userId: 90_000 + i,
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      email: i % 7 === 3 ? null : `${first}.${last}${i}@Example.COM`,
      phoneNumber:
        i % 9 === 4 ? null : `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      mobilePhone: null,
      active: i % 13 !== 12,
      businessUnitId: 1,
      createdOn: createdOn(i),
    };
  }

  function customer(i: number, r: number) {
    const h = hash(2, i, r);
    const commercial = i % 5 === 0;
    const [city, state] = pick(CITIES, h);
    return {
      id: idOf('customers', i),
      active: r === 0 || h % 10 !== 0,
      name: commercial
        ? `${pick(LAST, i)} ${pick(['Dental', 'Bakery', 'Offices', 'Storage'], h)} ${i}`
        : `${pick(FIRST, h)} ${pick(LAST, i)}`,
      type: commercial ? 'Commercial' : 'Residential',
      address: {
        street: `${100 + (h % 9000)} ${pick(STREETS, i)} St`,
        unit: null,
        city,
        state,
        zip: pad(10_000 + (h % 89_999), 5),
        country: 'USA',
      },
      balance: 0,
      createdOn: createdOn(i),
    };
  }

  function location(i: number, r: number) {
    const h = hash(3, i, r);
    const [city, state] = pick(CITIES, h);
    return {
      id: idOf('locations', i),
      customerId: idOf('customers', i % initial.customers),
      active: true,
      name: i % 4 === 1 ? 'Office' : 'Home',
      address: {
        street: `${100 + (h % 9000)} ${pick(STREETS, h)} Ave`,
        unit: i % 6 === 2 ? `Apt ${1 + (h % 40)}` : null,
        city,
        state,
        zip: pad(10_000 + (h % 89_999), 5),
        country: 'USA',
      },
      createdOn: createdOn(i),
    };
  }

  /** A job's status moves one step per change: Scheduled → Dispatched → InProgress → Completed. */
  function job(i: number, r: number, modifiedOn: string) {
    const h = hash(4, i);
    const progression = ['Scheduled', 'Dispatched', 'InProgress', 'Completed'];
    const status =
      h % 10 === 9
        ? 'Canceled'
        : h % 10 === 8 && r === 0
          ? 'Hold'
          : pick(progression, Math.min(3, (h % 4) + r));
    const location = i % initial.locations;
    const cents = 5_000 + (hash(4, i, 1) % 250_000);
    return {
      id: idOf('jobs', i),
      jobNumber: String(100_000 + i),
      customerId: idOf('customers', location % initial.customers),
      locationId: idOf('locations', location),
      jobStatus: status,
      completedOn: status === 'Completed' ? modifiedOn : null,
      businessUnitId: 1,
      jobTypeId: 1 + (h % 5),
      priority: 'Normal',
      campaignId: 1,
      firstAppointmentId: 70_000_000 + i,
      soldById: i % 11 === 5 ? null : idOf('technicians', h % initial.technicians),
      total: status === 'Completed' ? cents / 100 : null,
      createdOn: createdOn(i),
      active: true,
    };
  }

  function call(i: number, r: number) {
    const h = hash(5, i, r);
    const outbound = i % 6 === 5;
    const type = outbound ? null : pick(CALL_TYPES, hash(5, i));
    const id = idOf('calls', i);
    const customerIndex = i % initial.customers;
    const jobIndex = i % initial.jobs;
    return {
      id,
      duration: timeSpan(30 + (hash(5, i) % 600), i % 4 === 1),
      from: '5550100200',
      to: '5550100300',
      direction: outbound ? 'Outbound' : 'Inbound',
      status: 'Completed',
      type,
      recordingUrl:
        i % 13 === 12
          ? null
          : `${origin}/telecom/v2/tenant/${credentials.tenantId}/calls/${id}/recording`,
      createdOn: new Date(base - 30 * DAY_MS + i * 10_000).toISOString(),
      customer:
        i % 9 === 8
          ? null
          : { id: idOf('customers', customerIndex), name: `Customer ${customerIndex}` },
      job:
        type === 'Booked'
          ? { id: idOf('jobs', jobIndex), number: String(100_000 + jobIndex) }
          : null,
      agent: { id: 900 + (h % 20), name: `${pick(FIRST, h)} ${pick(LAST, h >>> 8)}` },
      excuseMemo: '',
      tag: '',
      active: true,
      lead: null,
    };
  }

  function row(entity: CrmEntity, index: number, revision: number, position: number) {
    const modifiedOn = modifiedOnAt(position).toISOString();
    const record =
      entity === 'technicians'
        ? technician(index, revision)
        : entity === 'customers'
          ? customer(index, revision)
          : entity === 'locations'
            ? location(index, revision)
            : entity === 'jobs'
              ? job(index, revision, modifiedOn)
              : call(index, revision);
    return { ...record, modifiedOn };
  }

  function exportPage(entity: CrmEntity, url: URL, res: ServerResponse): void {
    const feed = feeds[entity];
    const from = url.searchParams.get('from');
    let position = 0;
    if (from && /^\d{4}-\d{2}-\d{2}/.test(from)) {
      position = Math.min(feed.size, Math.max(0, Math.ceil((Date.parse(from) - base) / 1000)));
    } else if (from) {
      const decoded = decodeToken(entity, from);
      if (decoded === null) return problem(res, 400, 'The continuation token is not valid.');
      position = decoded;
    }
    const asked = Number(url.searchParams.get('pageSize') ?? defaultPageSize);
    const pageSize =
      Number.isInteger(asked) && asked > 0 ? Math.min(asked, maxPageSize) : defaultPageSize;
    const data: unknown[] = [];
    while (position < feed.size && data.length < pageSize) {
      const at = feed.at(position);
      if (at) data.push(row(entity, at.index, at.revision, position));
      position += 1;
    }
    sendJson(res, 200, {
      hasMore: position < feed.size,
      continueFrom: encodeToken(entity, position),
      data,
    });
  }

  function count(endpoint: FakeServiceTitanEndpoint): void {
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    count('token');
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials') {
      return sendJson(res, 400, { error: 'unsupported_grant_type' });
    }
    if (
      form.get('client_id') !== credentials.clientId ||
      form.get('client_secret') !== credentials.clientSecret
    ) {
      return sendJson(res, 400, { error: 'invalid_client' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + ttl * 1000);
    issued += 1;
    sendJson(res, 200, {
      access_token: accessToken,
      expires_in: ttl,
      token_type: 'Bearer',
      scope: 'api',
    });
  }

  function authorized(req: IncomingMessage): boolean {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    return (
      req.headers['st-app-key'] === credentials.appKey &&
      expiresAt !== undefined &&
      expiresAt > Date.now()
    );
  }

  /** jpm v2 jobs/{id}/notes and crm v2 customers/{id}/notes[/{noteId}]: list, create, delete. */
  async function notesRoute(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    route: { kind: 'job' | 'customer'; targetId: number; noteId: string | undefined },
  ): Promise<void> {
    const { kind, targetId, noteId } = route;
    const entity: CrmEntity = kind === 'job' ? 'jobs' : 'customers';
    const index = targetId - ID_BASE[entity];
    if (index < 0 || index >= feeds[entity].count) return problem(res, 404, `${kind} not found.`);
    const mine = notes.filter((n) => n.kind === kind && n.targetId === targetId && !n.deleted);
    const shape = (n: FakeServiceTitanNote) => ({
      ...(kind === 'customer' ? { id: n.id } : {}),
      text: n.text,
      isPinned: false,
      createdById: 1,
      createdOn: n.createdOn,
      modifiedOn: n.createdOn,
    });
    if (req.method === 'GET' && noteId === undefined) {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? 50));
      const data = mine.slice((page - 1) * pageSize, page * pageSize).map(shape);
      return sendJson(res, 200, { page, pageSize, hasMore: page * pageSize < mine.length, data });
    }
    if (req.method === 'POST' && noteId === undefined) {
      const body = JSON.parse((await readBody(req)) || 'null') as { text?: unknown } | null;
      if (typeof body?.text !== 'string' || body.text === '') {
        return problem(res, 400, 'The text field is required.');
      }
      const note: FakeServiceTitanNote = {
        id: 80_000_000 + notes.length,
        kind,
        targetId,
        text: body.text,
        createdOn: new Date().toISOString(),
        deleted: false,
      };
      notes.push(note);
      return sendJson(res, 200, shape(note));
    }
    if (req.method === 'DELETE' && kind === 'customer' && noteId !== undefined) {
      const note = mine.find((n) => n.id === Number(noteId));
      if (!note) return problem(res, 404, 'Note not found.');
      note.deleted = true;
      res.writeHead(200).end();
      return;
    }
    return problem(res, 404, 'Not found.');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/connect/token' && req.method === 'POST') return token(req, res);

    const notesMatch =
      /^\/(jpm|crm)\/v2\/tenant\/([^/]+)\/(jobs|customers)\/(\d+)\/notes(?:\/(\d+))?$/.exec(
        url.pathname,
      );
    if (notesMatch && (notesMatch[1] === 'jpm') === (notesMatch[3] === 'jobs')) {
      count(
        req.method === 'POST'
          ? 'notes/create'
          : req.method === 'DELETE'
            ? 'notes/delete'
            : 'notes/list',
      );
      const fault = faults.shift();
      if (fault) {
        const headers = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
        return problem(res, fault.status, 'Injected failure.', headers);
      }
      if (!authorized(req)) return problem(res, 401, 'Unauthorized.');
      if (!tenants.has(notesMatch[2]!)) return problem(res, 404, 'Tenant not found.');
      return notesRoute(req, res, url, {
        kind: notesMatch[3] === 'jobs' ? 'job' : 'customer',
        targetId: Number(notesMatch[4]),
        noteId: notesMatch[5],
      });
    }

    const exportMatch = /^\/(\w+)\/v2\/tenant\/([^/]+)\/export\/([a-z]+)$/.exec(url.pathname);
    const recordingMatch = /^\/telecom\/v2\/tenant\/([^/]+)\/calls\/(\d+)\/recording$/.exec(
      url.pathname,
    );
    const entity = ENTITIES.find(
      (e) => exportMatch && exportMatch[3] === e && exportMatch[1] === MODULE_OF[e],
    );
    const endpoint: FakeServiceTitanEndpoint = entity
      ? `export/${entity}`
      : recordingMatch
        ? 'recording'
        : 'other';
    count(endpoint);
    if (req.method !== 'GET' || endpoint === 'other') return problem(res, 404, 'Not found.');

    const fault = faults.shift();
    if (fault) {
      const headers = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return problem(res, fault.status, 'Injected failure.', headers);
    }
    if (!authorized(req)) return problem(res, 401, 'Unauthorized.');
    const tenant = exportMatch?.[2] ?? recordingMatch?.[1];
    if (tenant === undefined || !tenants.has(tenant)) return problem(res, 404, 'Tenant not found.');

    if (entity) {
      if (holdAfter !== null && holdAfter-- <= 0) {
        holdAfter = 0;
        await new Promise<void>((resolve) => holding.push(resolve));
        if (res.destroyed) return;
      }
      return exportPage(entity, url, res);
    }
    if (holdingRecordings) {
      holdingRecordings = false;
      await new Promise<void>((resolve) => holding.push(resolve));
      if (res.destroyed) return;
    }
    const callId = Number(recordingMatch![2]);
    const index = callId - ID_BASE.calls;
    const failure = failingRecordings.get(callId);
    if (failure !== undefined) return problem(res, failure, 'Recording unavailable.');
    if (index < 0 || index >= feeds.calls.count || index % 13 === 12) {
      return problem(res, 404, 'The call has no recording.');
    }
    const served = options.recordingOf?.(tenant) ?? recording;
    res.writeHead(200, {
      'content-type': served.contentType,
      'content-length': served.body.length,
    });
    res.end(served.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) problem(res, 500, String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const controls: FakeServiceTitanControls = {
    credentials,
    idOf,
    indexOf: (entity, id) => Number(id) - ID_BASE[entity],
    count: (entity) => feeds[entity].count,
    modifiedOnAt,
    mutate(entity, percent) {
      const feed = feeds[entity];
      const n = Math.max(1, Math.round((feed.count * percent) / 100));
      const stride = Math.max(1, Math.floor(feed.count / n));
      const offset = hash(6, feed.size) % stride;
      return feed.append('change', offset, stride, n).map((i) => idOf(entity, i));
    },
    addRecords(entity, n) {
      const feed = feeds[entity];
      return feed.append('new', feed.count, 1, n).map((i) => idOf(entity, i));
    },
    expireTokens: () => tokens.clear(),
    inject429(n, retryAfter) {
      for (let i = 0; i < n; i++) faults.push({ status: 429, retryAfter });
    },
    inject5xx(n, status = 503) {
      for (let i = 0; i < n; i++) faults.push({ status });
    },
    failRecording: (callId, status) => failingRecordings.set(Number(callId), status),
    requests: (endpoint) => counts.get(endpoint) ?? 0,
    resetRequestCounts: () => counts.clear(),
    holdExportsAfter: (pages) => {
      holdAfter = pages;
    },
    holdNextRecording: () => {
      holdingRecordings = true;
    },
    release: () => {
      holdAfter = null;
      holdingRecordings = false;
      const waiting = holding;
      holding = [];
      for (const resume of waiting) resume();
    },
    held: () => holding.length,
    tokensIssued: () => issued,
    notes: (kind, targetId) =>
      notes.filter((n) => n.kind === kind && n.targetId === Number(targetId)),
  };

  return {
    url: origin,
    recording,
    controls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
