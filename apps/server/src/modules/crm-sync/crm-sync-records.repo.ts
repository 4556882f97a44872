import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  customerLocations,
  customers,
  interactions,
  jobs,
  roles,
  users,
} from '../../db/schema/index.js';
import { centsToMoneyText } from '@fieldbot/shared';
import type {
  CrmCall,
  CrmCustomer,
  CrmEntity,
  CrmJob,
  CrmLocation,
  CrmRecordOf,
  CrmTechnician,
} from '../../providers/crm/crm-provider.js';

/** Where a page's rows belong. */
export interface SyncTarget {
  companyId: string;
  companyIntegrationId: string;
}

/** What one page did: rows inserted, rows changed, records skipped (their parent isn't synced). */
export interface PageOutcome {
  created: number;
  updated: number;
  skipped: number;
  /** Interactions inserted by this page (calls), whose recordings are to be downloaded. */
  newCallIds: string[];
}

/** The customer that calls from numbers the CRM doesn't know go to (one per company). */
export const UNKNOWN_CALLER_EXTERNAL_ID = 'unknown-caller';

/** xmax is 0 on a row this statement inserted, non-zero on one it updated. */
const inserted = sql<boolean>`(xmax = 0)`;

/** `(a, b) IS DISTINCT FROM (excluded.a, excluded.b)`: so a row that didn't change isn't rewritten. */
function changed(columns: { name: string }[], table: string): SQL {
  const names = columns.map((c) => c.name);
  return sql.raw(
    `(${names.map((n) => `"${table}"."${n}"`).join(', ')}) is distinct from (${names
      .map((n) => `excluded."${n}"`)
      .join(', ')})`,
  );
}

/** `set` of an upsert: each column from the row that was proposed, plus updated_at. */
function fromExcluded(columns: Record<string, { name: string }>, withUpdatedAt = true) {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(columns)) {
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  if (withUpdatedAt) set.updatedAt = sql`now()`;
  return set;
}

function outcome(rows: { inserted: boolean }[], skipped = 0): PageOutcome {
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created, skipped, newCallIds: [] };
}

/** Maps the company's rows of `table` by external id, for the ids a page refers to. */
async function idsByExternal(
  db: Db,
  table: typeof customers | typeof customerLocations | typeof jobs,
  companyId: string,
  externalIds: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(externalIds.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, externalId: table.externalId })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.externalId, wanted)));
  return new Map(rows.map((r) => [r.externalId!, r.id]));
}

/** A placeholder address for a technician without a usable e-mail (it is never mailed). */
export function placeholderEmail(companyIntegrationId: string, externalId: string): string {
  const safe = externalId.toLowerCase().replace(/[^a-z0-9._-]/g, '-');
  return `crm-${companyIntegrationId.slice(0, 8)}-${safe}@no-email.invalid`;
}

async function upsertTechnicians(
  db: Db,
  target: SyncTarget,
  items: CrmTechnician[],
): Promise<PageOutcome> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.alias, 'field_team'));
  if (!role) throw new Error('the field_team role is not seeded');
  // An address another account holds already (another company, an invited user) can't be reused:
  // the e-mail is unique across the product.
  const emails = items.map((t) => t.email?.toLowerCase()).filter((e): e is string => Boolean(e));
  const taken =
    emails.length === 0
      ? []
      : await db
          .select({ email: users.email, companyId: users.companyId, crmUserId: users.crmUserId })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, emails));
  const owner = new Map(taken.map((u) => [u.email.toLowerCase(), u]));
  const used = new Set<string>();
  const rows = items.map((t) => {
    let email = t.email?.toLowerCase() ?? null;
    const holder = email ? owner.get(email) : undefined;
    const ours = holder?.companyId === target.companyId && holder.crmUserId === t.externalId;
    if (!email || (holder && !ours) || used.has(email)) {
      email = placeholderEmail(target.companyIntegrationId, t.externalId);
    }
    used.add(email);
    return {
      name: t.name,
      email,
      phone: t.phone,
      crmUserId: t.externalId,
      companyId: target.companyId,
      roleId: role.id,
      // Not Invited: no password until the admin chooses to invite (never e-mailed by the sync).
      passwordHash: '',
    };
  });
  const result = await db
    .insert(users)
    .values(rows)
    .onConflictDoUpdate({
      target: [users.companyId, users.crmUserId],
      targetWhere: sql`${users.crmUserId} is not null`,
      // Name and phone follow the CRM (locked in the app, spec §6). The e-mail only while the user
      // is Not Invited: once invited it is their login, which the sync must not change.
      set: {
        ...fromExcluded({ name: users.name, phone: users.phone }),
        email: sql`case when ${users.passwordHash} = '' then excluded.email else ${users.email} end`,
      },
      setWhere: sql`${changed([users.name, users.phone], 'users')} or (${users.passwordHash} = '' and ${users.email} <> excluded.email)`,
    })
    .returning({ inserted });
  return outcome(result);
}

async function upsertCustomers(
  db: Db,
  target: SyncTarget,
  items: CrmCustomer[],
): Promise<PageOutcome> {
  const result = await db
    .insert(customers)
    .values(
      items.map((c) => ({
        companyId: target.companyId,
        externalId: c.externalId,
        name: c.name,
        type: c.type,
        active: c.active,
      })),
    )
    .onConflictDoUpdate({
      target: [customers.companyId, customers.externalId],
      set: fromExcluded({ name: customers.name, type: customers.type, active: customers.active }),
      setWhere: changed([customers.name, customers.type, customers.active], 'customers'),
    })
    .returning({ inserted });
  return outcome(result);
}

async function upsertLocations(
  db: Db,
  target: SyncTarget,
  items: CrmLocation[],
): Promise<PageOutcome> {
  const customerIds = await idsByExternal(
    db,
    customers,
    target.companyId,
    items.map((l) => l.customerExternalId),
  );
  const rows = items.flatMap((l) => {
    const customerId = customerIds.get(l.customerExternalId);
    if (!customerId) return [];
    return [
      {
        companyId: target.companyId,
        customerId,
        externalId: l.externalId,
        name: l.name,
        street: l.street,
        city: l.city,
        state: l.state,
        zipcode: l.zipcode,
        country: l.country,
        active: l.active,
      },
    ];
  });
  if (rows.length === 0) return outcome([], items.length);
  const columns = {
    customerId: customerLocations.customerId,
    name: customerLocations.name,
    street: customerLocations.street,
    city: customerLocations.city,
    state: customerLocations.state,
    zipcode: customerLocations.zipcode,
    country: customerLocations.country,
    active: customerLocations.active,
  };
  const result = await db
    .insert(customerLocations)
    .values(rows)
    .onConflictDoUpdate({
      target: [customerLocations.companyId, customerLocations.externalId],
      set: fromExcluded(columns),
      setWhere: changed(Object.values(columns), 'customer_locations'),
    })
    .returning({ inserted });
  return outcome(result, items.length - rows.length);
}

async function upsertJobs(db: Db, target: SyncTarget, items: CrmJob[]): Promise<PageOutcome> {
  const [customerIds, locationIds, technicians] = await Promise.all([
    idsByExternal(
      db,
      customers,
      target.companyId,
      items.map((j) => j.customerExternalId),
    ),
    idsByExternal(
      db,
      customerLocations,
      target.companyId,
      items.map((j) => j.locationExternalId),
    ),
    technicianIds(
      db,
      target.companyId,
      items.map((j) => j.technicianExternalId),
    ),
  ]);
  const rows = items.flatMap((j) => {
    const customerId = customerIds.get(j.customerExternalId);
    if (!customerId) return [];
    return [
      {
        companyId: target.companyId,
        customerId,
        externalId: j.externalId,
        jobNumber: j.jobNumber,
        locationId: j.locationExternalId ? (locationIds.get(j.locationExternalId) ?? null) : null,
        technicianId: j.technicianExternalId
          ? (technicians.get(j.technicianExternalId) ?? null)
          : null,
        status: j.status,
        revenue: j.revenueCents === null ? null : centsToMoneyText(j.revenueCents),
        completedAt: j.completedAt,
        createdAt: j.createdAt,
      },
    ];
  });
  if (rows.length === 0) return outcome([], items.length);
  const columns = {
    customerId: jobs.customerId,
    jobNumber: jobs.jobNumber,
    locationId: jobs.locationId,
    technicianId: jobs.technicianId,
    status: jobs.status,
    revenue: jobs.revenue,
    completedAt: jobs.completedAt,
  };
  const result = await db
    .insert(jobs)
    .values(rows)
    .onConflictDoUpdate({
      target: [jobs.companyId, jobs.externalId],
      targetWhere: sql`${jobs.externalId} is not null`,
      set: fromExcluded(columns),
      setWhere: changed(Object.values(columns), 'jobs'),
    })
    .returning({ inserted });
  return outcome(result, items.length - rows.length);
}

async function technicianIds(
  db: Db,
  companyId: string,
  externalIds: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(externalIds.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, crmUserId: users.crmUserId })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.crmUserId, wanted)));
  return new Map(rows.map((r) => [r.crmUserId!, r.id]));
}

/** The company's 'Unknown caller' customer, created the first time a call needs it. */
async function unknownCaller(db: Db, companyId: string): Promise<string> {
  await db
    .insert(customers)
    .values({
      companyId,
      externalId: UNKNOWN_CALLER_EXTERNAL_ID,
      name: 'Unknown caller',
      type: 'Residential',
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.externalId, UNKNOWN_CALLER_EXTERNAL_ID)),
    );
  return row!.id;
}

async function upsertCalls(db: Db, target: SyncTarget, items: CrmCall[]): Promise<PageOutcome> {
  // Nothing to analyse without a recording.
  const calls = items.filter((c) => c.recordingRef !== null);
  const [customerIds, jobIds] = await Promise.all([
    idsByExternal(
      db,
      customers,
      target.companyId,
      calls.map((c) => c.customerExternalId),
    ),
    idsByExternal(
      db,
      jobs,
      target.companyId,
      calls.map((c) => c.jobExternalId),
    ),
  ]);
  const unknownId = calls.some((c) => c.customerExternalId === null)
    ? await unknownCaller(db, target.companyId)
    : null;
  const rows = calls.flatMap((c) => {
    const customerId = c.customerExternalId ? customerIds.get(c.customerExternalId) : unknownId;
    if (!customerId) return [];
    return [
      {
        companyId: target.companyId,
        customerId,
        jobId: c.jobExternalId ? (jobIds.get(c.jobExternalId) ?? null) : null,
        number: c.externalId,
        type: 'csr-call' as const,
        callType: c.callType === 'Booked' || c.callType === 'Unbooked' ? c.callType : null,
        status: 'in-progress' as const,
        downloadStatus: 'in-progress' as const,
        startedAt: c.startedAt,
        durationSeconds: c.durationSeconds,
        agentName: c.agentName,
        sourceIntegrationId: target.companyIntegrationId,
        sourceUrl: c.recordingRef,
      },
    ];
  });
  const skipped = items.length - rows.length;
  if (rows.length === 0) return outcome([], skipped);
  // A call imported already only gets its metadata refreshed: its download, merge and transcript
  // (and the duration the merge measured) are the pipeline's.
  const columns = {
    customerId: interactions.customerId,
    jobId: interactions.jobId,
    callType: interactions.callType,
    startedAt: interactions.startedAt,
    agentName: interactions.agentName,
  };
  const result = await db
    .insert(interactions)
    .values(rows)
    .onConflictDoUpdate({
      target: [interactions.companyId, interactions.number],
      set: fromExcluded(columns),
      // Never take over an interaction of the same number that this integration didn't create.
      setWhere: sql`${interactions.sourceIntegrationId} = excluded.source_integration_id and ${changed(
        Object.values(columns),
        'interactions',
      )}`,
    })
    .returning({ id: interactions.id, inserted });
  return {
    ...outcome(result, skipped),
    newCallIds: result.filter((r) => r.inserted).map((r) => r.id),
  };
}

type Upsert<E extends CrmEntity> = (
  db: Db,
  target: SyncTarget,
  items: CrmRecordOf[E][],
) => Promise<PageOutcome>;

const UPSERTS: { [E in CrmEntity]: Upsert<E> } = {
  technicians: upsertTechnicians,
  customers: upsertCustomers,
  locations: upsertLocations,
  jobs: upsertJobs,
  calls: upsertCalls,
};

/** Writes one page of an entity: one INSERT … ON CONFLICT DO UPDATE for its rows. */
export async function upsertPage<E extends CrmEntity>(
  db: Db,
  target: SyncTarget,
  entity: E,
  items: CrmRecordOf[E][],
): Promise<PageOutcome> {
  if (items.length === 0) return { created: 0, updated: 0, skipped: 0, newCallIds: [] };
  // One statement can't upsert a row twice: a record repeated within the page keeps its last copy.
  const latest = new Map(items.map((item) => [item.externalId, item]));
  return UPSERTS[entity](db, target, [...latest.values()]);
}
