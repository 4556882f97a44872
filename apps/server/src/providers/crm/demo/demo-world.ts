import { FIRST_NAMES, LAST_NAMES } from '../../../lib/demo-names.js';
import type {
  CrmCall,
  CrmCustomer,
  CrmEntity,
  CrmJob,
  CrmLocation,
  CrmRecordOf,
  CrmTechnician,
} from '../crm-provider.js';
import { seededRandom, type DemoRandom } from './demo-random.js';
import type { DemoCallClips } from './demo-recordings.js';
import {
  AREA_CODES,
  CITIES,
  COMMERCIAL_NAMES,
  SITE_NAMES,
  STREET_SUFFIXES,
  STREETS,
} from './demo-words.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** One state of a record and when the CRM changed it to that. */
export interface DemoVersion<T> {
  at: number;
  record: T;
}

/**
 * A record over time: `day` (days after the start date) and `index` place it among the records of
 * its entity created that day; `versions` are its states, oldest (its creation) first.
 */
export interface DemoHistory<T> {
  day: number;
  index: number;
  versions: DemoVersion<T>[];
}

type Planners = { [E in CrmEntity]: (day: number) => DemoHistory<CrmRecordOf[E]>[] };

/** The fixed crew every tenant starts with; more technicians join later. */
const CREW_SIZE = 5;
/** In each such block of days after the first, a technician may join. */
const HIRING_BLOCK_DAYS = 30;
/** Business hours in UTC (daytime in the US): calls and new records happen between these. */
const OPEN_HOUR = 13;
const OPEN_HOURS = 10;
/** Longest a job takes from creation to its last change (see jobHistory): the export looks back this far. */
export const JOB_LIFESPAN_DAYS = 10;

/** How far back a change of each entity can be created: records change at most this long after. */
export const LIFESPAN_DAYS: Record<CrmEntity, number> = {
  technicians: 0,
  customers: 0,
  locations: 0,
  jobs: JOB_LIFESPAN_DAYS,
  calls: 0,
};

const FIRST = FIRST_NAMES;
const LAST = LAST_NAMES;

interface CustomerSeed {
  externalId: string;
  createdAt: number;
  commercial: boolean;
  locationCount: number;
  random: DemoRandom;
}

type Counted = 'customers' | 'jobs' | 'calls';

interface JobSeed {
  externalId: string;
  number: number;
  customer: CustomerSeed;
  locationExternalId: string;
  /** When the job was booked; a booked call ends then. */
  createdAt: number;
  /** The Booked call that created it, if any (most jobs are booked on the phone). */
  call: { startedAt: number; clipIndex: number } | null;
  random: DemoRandom;
}

const locationId = (customer: Pick<CustomerSeed, 'externalId'>, n: number) =>
  `${customer.externalId}-${n + 1}`;

/**
 * One tenant's demo CRM from its start date on: every record is a pure function of the tenant id,
 * the start date and its (day, index), and its state at a time is a pure function of that time.
 * Records are generated on demand, a day at a time; only per-day counts are kept (for numbering).
 */
export class DemoWorld {
  private readonly startEpochDay: number;
  private readonly prefix: Record<Counted, number[]> = { customers: [0], jobs: [0], calls: [0] };
  private readonly crewNames: { first: string[]; last: string[] };
  private readonly agents: string[];
  readonly planners: Planners = {
    technicians: (day) => this.techniciansCreatedOn(day),
    customers: (day) => this.customersCreatedOn(day),
    locations: (day) => this.locationsCreatedOn(day),
    jobs: (day) => this.jobsCreatedOn(day),
    calls: (day) => this.callsOn(day),
  };

  constructor(
    private readonly tenantId: string,
    readonly startMs: number,
    private readonly clips: DemoCallClips,
  ) {
    this.startEpochDay = Math.floor(startMs / DAY_MS);
    const crew = seededRandom(tenantId, 'crew');
    this.crewNames = { first: crew.shuffle([...FIRST]), last: crew.shuffle([...LAST]) };
    const agents = seededRandom(tenantId, 'agents');
    this.agents = [0, 1, 2].map(() => `${agents.pick(FIRST)} ${agents.pick(LAST)}`);
  }

  /** Days after the start date (negative before it). */
  dayOf(at: number): number {
    return Math.floor((at - this.startMs) / DAY_MS);
  }

  private dayStart(day: number): number {
    return this.startMs + day * DAY_MS;
  }

  private random(kind: string, day: number, index: number | string = ''): DemoRandom {
    return seededRandom(this.tenantId, kind, this.startEpochDay + day, index);
  }

  private isWeekend(day: number): boolean {
    const weekday = new Date(this.dayStart(day)).getUTCDay();
    return weekday === 0 || weekday === 6;
  }

  /** A count for the day: quieter at weekends. */
  private dailyCount(
    kind: string,
    day: number,
    weekday: [number, number],
    weekend: [number, number],
  ) {
    const [min, max] = this.isWeekend(day) ? weekend : weekday;
    return this.random(kind, day).int(min, max);
  }

  private customerCount(day: number): number {
    return this.dailyCount('customer-count', day, [1, 4], [1, 2]);
  }

  private jobCount(day: number): number {
    return this.dailyCount('job-count', day, [2, 4], [0, 2]);
  }

  private unbookedCallCount(day: number): number {
    return this.dailyCount('unbooked-count', day, [2, 4], [1, 2]);
  }

  private jobBooked(day: number, index: number): boolean {
    return this.random('job-booked', day, index).next() < 0.8;
  }

  private bookedCallCount(day: number): number {
    let count = 0;
    for (let j = 0; j < this.jobCount(day); j++) if (this.jobBooked(day, j)) count++;
    return count;
  }

  /** Records of the kind created before `day` (kept per day, so numbers are sequential). */
  private countBefore(kind: Counted, day: number): number {
    const prefix = this.prefix[kind];
    const perDay = {
      customers: (d: number) => this.customerCount(d),
      jobs: (d: number) => this.jobCount(d),
      calls: (d: number) => this.bookedCallCount(d) + this.unbookedCallCount(d),
    }[kind];
    while (prefix.length <= day) {
      const d = prefix.length - 1;
      prefix.push(prefix[d]! + perDay(d));
    }
    return prefix[day]!;
  }

  /** A time in business hours of the day, within slot `index` of `slots`. */
  private slotTime(random: DemoRandom, day: number, index: number, slots: number): number {
    const slot = Math.floor((OPEN_HOURS * HOUR_MS) / slots);
    const offset = random.int(0, Math.floor((slot - 30 * MINUTE_MS) / 1000)) * 1000;
    return this.dayStart(day) + OPEN_HOUR * HOUR_MS + index * slot + offset;
  }

  // Technicians ---------------------------------------------------------------------------------

  /** The day (after the start) a technician joins in hiring block `block` (≥ 1), or null. */
  private joinDay(block: number): number | null {
    const random = seededRandom(this.tenantId, 'hire', this.startEpochDay, block);
    return random.next() < 0.6
      ? block * HIRING_BLOCK_DAYS + random.int(0, HIRING_BLOCK_DAYS - 1)
      : null;
  }

  private technician(number: number, joinedAt: number): DemoHistory<CrmTechnician> {
    // Shifting the last name each round of first names keeps names (and e-mails) distinct.
    const first = this.crewNames.first[number % FIRST.length]!;
    const last = this.crewNames.last[(number + Math.floor(number / FIRST.length)) % LAST.length]!;
    const random = seededRandom(this.tenantId, 'technician', number);
    const record: CrmTechnician = {
      externalId: `tech-${number + 1}`,
      name: `${first} ${last}`,
      // The tenant in the domain keeps e-mails (unique among users) apart between tenants.
      email: `${first}.${last}@t${this.tenantId}.example.com`.toLowerCase(),
      phone: `${random.pick(AREA_CODES)}55501${String(number % 100).padStart(2, '0')}`,
      active: true,
    };
    return { day: this.dayOf(joinedAt), index: 0, versions: [{ at: joinedAt, record }] };
  }

  private techniciansCreatedOn(day: number): DemoHistory<CrmTechnician>[] {
    if (day === 0) {
      return Array.from({ length: CREW_SIZE }, (_, k) => ({
        ...this.technician(k, this.startMs),
        index: k,
      }));
    }
    const block = Math.floor(day / HIRING_BLOCK_DAYS);
    if (block === 0 || this.joinDay(block) !== day) return [];
    return [
      this.technician(this.hiresBefore(block) + CREW_SIZE, this.dayStart(day) + 14 * HOUR_MS),
    ];
  }

  private hiresBefore(block: number): number {
    let hires = 0;
    for (let b = 1; b < block; b++) if (this.joinDay(b) !== null) hires++;
    return hires;
  }

  /** Technicians who joined before `day`: the ones its jobs can be given to. */
  private technicianIdsBefore(day: number): string[] {
    let count = CREW_SIZE;
    for (let block = 1; block * HIRING_BLOCK_DAYS < day; block++) {
      const joined = this.joinDay(block);
      if (joined !== null && joined < day) count++;
    }
    return Array.from({ length: count }, (_, k) => `tech-${k + 1}`);
  }

  // Customers and locations -----------------------------------------------------------------------

  private customerSeed(day: number, index: number): CustomerSeed {
    const random = this.random('customer', day, index);
    const createdAt = this.slotTime(random, day, index, this.customerCount(day));
    const commercial = random.next() < 0.25;
    return {
      externalId: String(10_001 + this.countBefore('customers', day) + index),
      createdAt,
      commercial,
      // Commercial customers often have a second site.
      locationCount: random.next() < (commercial ? 0.5 : 0.1) ? 2 : 1,
      random,
    };
  }

  private customer(seed: CustomerSeed): CrmCustomer {
    const { random, commercial } = seed;
    return {
      externalId: seed.externalId,
      name: commercial
        ? `${random.pick(COMMERCIAL_NAMES.first)} ${random.pick(COMMERCIAL_NAMES.second)}`
        : `${random.pick(FIRST)} ${random.pick(LAST)}`,
      type: commercial ? 'Commercial' : 'Residential',
      active: true,
    };
  }

  private customersCreatedOn(day: number): DemoHistory<CrmCustomer>[] {
    return Array.from({ length: this.customerCount(day) }, (_, index) => {
      const seed = this.customerSeed(day, index);
      return { day, index, versions: [{ at: seed.createdAt, record: this.customer(seed) }] };
    });
  }

  private locationsCreatedOn(day: number): DemoHistory<CrmLocation>[] {
    const histories: DemoHistory<CrmLocation>[] = [];
    for (let i = 0; i < this.customerCount(day); i++) {
      const customer = this.customerSeed(day, i);
      const customerName = this.customer(customer).name;
      const random = this.random('location', day, i);
      for (let n = 0; n < customer.locationCount; n++) {
        const place = random.pick(CITIES);
        const record: CrmLocation = {
          externalId: locationId(customer, n),
          customerExternalId: customer.externalId,
          name: n === 0 ? customerName : `${customerName} ${random.pick(SITE_NAMES)}`,
          street: `${random.int(10, 9899)} ${random.pick(STREETS)} ${random.pick(STREET_SUFFIXES)}`,
          city: place.city,
          state: place.state,
          zipcode: place.zipcode,
          country: 'US',
          active: true,
        };
        histories.push({
          day,
          index: histories.length,
          versions: [{ at: customer.createdAt, record }],
        });
      }
    }
    return histories;
  }

  /** A customer from a day before `day`: recent ones more often. */
  private existingCustomer(random: DemoRandom, day: number): CustomerSeed {
    const earlier = day - 1 - Math.floor(random.next() ** 2 * day);
    return this.customerSeed(earlier, random.int(0, this.customerCount(earlier) - 1));
  }

  // Jobs --------------------------------------------------------------------------------------

  private jobSeed(day: number, index: number): JobSeed {
    const random = this.random('job', day, index);
    const booked = this.jobBooked(day, index);
    // New customers book on their first call; on the first day every customer is new.
    const forNewCustomer = day === 0 || random.next() < 0.4;
    const customer = forNewCustomer
      ? this.customerSeed(day, index % this.customerCount(day))
      : this.existingCustomer(random, day);
    const clipIndex = random.int(0, this.clips.booked.length - 1);
    const callStart = forNewCustomer
      ? customer.createdAt
      : this.slotTime(random, day, index, this.jobCount(day));
    const callMs = booked ? Math.round(this.clips.booked[clipIndex]!.duration * 1000) : 0;
    return {
      externalId: `job-${this.countBefore('jobs', day) + index + 1}`,
      number: 50_001 + this.countBefore('jobs', day) + index,
      customer,
      locationExternalId: locationId(customer, random.int(0, customer.locationCount - 1)),
      createdAt: callStart + callMs,
      call: booked ? { startedAt: callStart, clipIndex } : null,
      random,
    };
  }

  private jobsCreatedOn(day: number): DemoHistory<CrmJob>[] {
    return Array.from({ length: this.jobCount(day) }, (_, index) =>
      this.jobHistory(day, index, this.jobSeed(day, index)),
    );
  }

  /**
   * Scheduled at booking; dispatched to a technician shortly before the visit (0–3 days later);
   * in progress at the visit; completed with revenue hours later. Some are canceled before the
   * visit; some go on hold at the visit (waiting for parts) and most of those are finished 1–5 days
   * later. All within JOB_LIFESPAN_DAYS of creation.
   */
  private jobHistory(day: number, index: number, seed: JobSeed): DemoHistory<CrmJob> {
    const random = seed.random;
    const base: CrmJob = {
      externalId: seed.externalId,
      jobNumber: String(seed.number),
      customerExternalId: seed.customer.externalId,
      locationExternalId: seed.locationExternalId,
      technicianExternalId: null,
      status: 'scheduled',
      revenueCents: null,
      completedAt: null,
      createdAt: new Date(seed.createdAt),
    };
    const versions: DemoVersion<CrmJob>[] = [{ at: seed.createdAt, record: base }];
    const change = (at: number, patch: Partial<CrmJob>) =>
      versions.push({ at, record: { ...versions[versions.length - 1]!.record, ...patch } });

    const visitDay = day + random.int(0, 3);
    const visit = Math.max(
      this.dayStart(visitDay) + (OPEN_HOUR + 1) * HOUR_MS + random.int(0, 7 * 60) * MINUTE_MS,
      seed.createdAt + 2 * HOUR_MS,
    );
    const outcome = random.next();
    if (outcome < 0.08) {
      const latest = Math.floor((visit - seed.createdAt) / MINUTE_MS) - 30;
      change(seed.createdAt + random.int(30, latest) * MINUTE_MS, {
        status: 'canceled',
      });
      return { day, index, versions };
    }
    const technicians = this.technicianIdsBefore(day);
    change(visit - random.int(30, 90) * MINUTE_MS, {
      status: 'dispatched',
      technicianExternalId: random.pick(technicians),
    });
    change(visit, { status: 'in-progress' });
    let finish = visit + random.int(60, 6 * 60) * MINUTE_MS;
    if (outcome > 0.93) {
      change(visit + random.int(60, 3 * 60) * MINUTE_MS, { status: 'hold' });
      // A third of the held jobs stay on hold (the customer never decides).
      if (random.next() < 0.3) return { day, index, versions };
      finish = this.dayStart(visitDay + random.int(1, 5)) + (OPEN_HOUR + 2) * HOUR_MS;
    }
    change(finish, {
      status: 'completed',
      revenueCents: this.revenueCents(random),
      completedAt: new Date(finish),
    });
    return { day, index, versions };
  }

  /** Mostly typical tickets; some $0 (warranty call-backs) and the odd replacement over $10,000. */
  private revenueCents(random: DemoRandom): number {
    const roll = random.next();
    if (roll < 0.1) return 0;
    if (roll > 0.94) return random.int(10_500, 18_000) * 100;
    return random.int(8_900, 480_000);
  }

  // Calls -------------------------------------------------------------------------------------

  /** A call per booked job and the day's unbooked calls, numbered in the order they started. */
  private callsOn(day: number): DemoHistory<CrmCall>[] {
    const calls: Omit<CrmCall, 'externalId'>[] = [];
    for (let j = 0; j < this.jobCount(day); j++) {
      if (!this.jobBooked(day, j)) continue;
      const job = this.jobSeed(day, j);
      const clip = this.clips.booked[job.call!.clipIndex]!;
      calls.push({
        customerExternalId: job.customer.externalId,
        jobExternalId: job.externalId,
        direction: 'Inbound',
        callType: 'Booked',
        durationSeconds: clip.duration,
        startedAt: new Date(job.call!.startedAt),
        agentName: job.random.pick(this.agents),
        recordingRef: clip.file,
      });
    }
    const unbooked = this.unbookedCallCount(day);
    for (let u = 0; u < unbooked; u++) {
      const random = this.random('unbooked-call', day, u);
      const startedAt = this.slotTime(random, day, u, unbooked);
      // Callers the CRM doesn't know: people shopping around, wrong numbers.
      const known = day > 0 && random.next() < 0.65;
      const clip = random.pick(this.clips.unbooked);
      calls.push({
        customerExternalId: known ? this.existingCustomer(random, day).externalId : null,
        jobExternalId: null,
        direction: known && random.next() < 0.2 ? 'Outbound' : 'Inbound',
        callType: 'Unbooked',
        durationSeconds: clip.duration,
        startedAt: new Date(startedAt),
        agentName: random.pick(this.agents),
        recordingRef: clip.file,
      });
    }
    calls.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    const first = 800_001 + this.countBefore('calls', day);
    return calls.map((call, index) => {
      const record: CrmCall = { externalId: String(first + index), ...call };
      // The CRM files the call once its recording is ready, a minute or two after it ends.
      const end = call.startedAt.getTime() + Math.round(call.durationSeconds * 1000);
      const at = end + this.random('call-filed', day, index).int(60, 180) * 1000;
      return { day, index, versions: [{ at, record }] };
    });
  }
}
