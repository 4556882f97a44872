import { z } from 'zod';
import { dollarAmountToCents } from '@fieldbot/shared';
import type {
  CrmCall,
  CrmCustomer,
  CrmEntity,
  CrmJob,
  CrmJobStatus,
  CrmLocation,
  CrmRecordOf,
  CrmTechnician,
} from '../crm-provider.js';

/*
 * The rows of ServiceTitan's export feeds, as published in its OpenAPI reference
 * (developer.servicetitan.io; read in the generated types of the tenant-settings, tenant-crm,
 * tenant-jpm and tenant-telecom v2 specs): only the fields we use, everything else is ignored.
 * Every export answers {hasMore, continueFrom, data}.
 */

const id = z.number().int();
const text = z.string().nullish();
const named = z.object({ id, name: z.string().nullish() }).nullish();

const address = z
  .object({
    street: text,
    unit: text,
    city: text,
    state: text,
    zip: text,
    country: text,
  })
  .nullish();

/** settings/v2 export/technicians: TenantSettings.V2.ExportTechnicianResponse. */
const technicianRow = z.object({
  id,
  name: z.string(),
  email: text,
  phoneNumber: text,
  mobilePhone: text,
  active: z.boolean(),
});

/** crm/v2 export/customers: Crm.V2.ExportCustomerResponse (type is the CustomerType enum). */
const customerRow = z.object({
  id,
  name: z.string(),
  type: z.string().nullish(),
  active: z.boolean(),
});

/** crm/v2 export/locations: Crm.V2.ExportLocationsResponse. */
const locationRow = z.object({
  id,
  customerId: id,
  name: z.string().nullish(),
  address,
  active: z.boolean(),
});

/**
 * jpm/v2 export/jobs: Jpm.V2.ExportJobsResponse. It names no technician; soldById is documented
 * as "ID of the Technician that sold this job", so it stands for the job's technician (the
 * dispatch appointment-assignments feed would cost one more request per page for little gain).
 */
const jobRow = z.object({
  id,
  jobNumber: z.string(),
  customerId: id,
  locationId: id.nullish(),
  jobStatus: z.string(),
  completedOn: text,
  createdOn: z.string(),
  soldById: id.nullish(),
  /** Format decimal, in dollars; a JSON number (a string is accepted too). */
  total: z.union([z.number(), z.string()]).nullish(),
});

/** telecom/v2 export/calls: Telecom.V2.ExportCallResponse. */
const callRow = z.object({
  id,
  /** .NET TimeSpan text ("00:03:12", "1.02:03:04.5"); seconds are accepted as well. */
  duration: z.union([z.string(), z.number()]).nullish(),
  direction: z.string(),
  type: z.string().nullish(),
  recordingUrl: text,
  createdOn: z.string(),
  customer: named,
  job: z.object({ id }).nullish(),
  agent: named,
});

const ROWS = {
  technicians: technicianRow,
  customers: customerRow,
  locations: locationRow,
  jobs: jobRow,
  calls: callRow,
} as const;

export const exportResponse = z.object({
  hasMore: z.boolean(),
  continueFrom: z.string(),
  data: z.array(z.unknown()),
});

/** The feed's path under the API root, per entity. */
export const EXPORT_PATHS: Record<CrmEntity, (tenant: string) => string> = {
  technicians: (t) => `/settings/v2/tenant/${t}/export/technicians`,
  customers: (t) => `/crm/v2/tenant/${t}/export/customers`,
  locations: (t) => `/crm/v2/tenant/${t}/export/locations`,
  jobs: (t) => `/jpm/v2/tenant/${t}/export/jobs`,
  calls: (t) => `/telecom/v2/tenant/${t}/export/calls`,
};

/** Calls_GetRecording ("audio/mpeg" stream); the call id is the recording reference. */
export const recordingPath = (tenant: string, callId: string) =>
  `/telecom/v2/tenant/${tenant}/calls/${encodeURIComponent(callId)}/recording`;

function lowerEmail(value: string | null | undefined): string | null {
  const email = value?.trim().toLowerCase();
  return email ? email : null;
}

/** Digits only, the last 10 (a leading country code goes); null when there are none. */
export function phoneDigits(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '').slice(-10);
  return digits === '' ? null : digits;
}

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

const JOB_STATUSES: Record<string, CrmJobStatus> = {
  scheduled: 'scheduled',
  dispatched: 'dispatched',
  inprogress: 'in-progress',
  working: 'in-progress',
  hold: 'hold',
  completed: 'completed',
  done: 'completed',
  canceled: 'canceled',
  cancelled: 'canceled',
};

/**
 * ServiceTitan's jobStatus text to ours. An unknown status counts as scheduled: the job exists and
 * is not finished, and the next change in the CRM brings its real state.
 */
export function jobStatusOf(value: string): CrmJobStatus {
  return JOB_STATUSES[value.replace(/[\s_-]/g, '').toLowerCase()] ?? 'scheduled';
}

/** TimeSpan text ("[d.]hh:mm:ss[.fffffff]") or a number of seconds to whole seconds. */
export function durationSeconds(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Math.max(0, Math.round(value));
  const match = /^(?:(\d+)\.)?(\d+):(\d{1,2}):(\d{1,2})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) {
    const seconds = Number(value);
    return Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  }
  const [, days = '0', h, m, s, fraction = '0'] = match;
  const whole = Number(days) * 86_400 + Number(h) * 3_600 + Number(m) * 60 + Number(s);
  return whole + (Number(`0.${fraction}`) >= 0.5 ? 1 : 0);
}

const CALL_TYPES = ['Booked', 'Unbooked', 'Excused', 'NotLead', 'Abandoned'] as const;

function callTypeOf(value: string | null | undefined): CrmCall['callType'] {
  return CALL_TYPES.find((t) => t.toLowerCase() === value?.toLowerCase()) ?? null;
}

function dateOf(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${value}`);
  return date;
}

const MAPPERS: { [E in CrmEntity]: (row: z.infer<(typeof ROWS)[E]>) => CrmRecordOf[E] } = {
  technicians: (row): CrmTechnician => ({
    externalId: String(row.id),
    name: row.name.trim(),
    email: lowerEmail(row.email),
    phone: phoneDigits(row.mobilePhone) ?? phoneDigits(row.phoneNumber),
    active: row.active,
  }),
  customers: (row): CrmCustomer => ({
    externalId: String(row.id),
    name: row.name.trim(),
    type: row.type?.toLowerCase() === 'commercial' ? 'Commercial' : 'Residential',
    active: row.active,
  }),
  locations: (row): CrmLocation => ({
    externalId: String(row.id),
    customerExternalId: String(row.customerId),
    name: row.name?.trim() ?? '',
    street: blankToNull(
      [row.address?.street, row.address?.unit].filter((part) => part?.trim()).join(', '),
    ),
    city: blankToNull(row.address?.city),
    state: blankToNull(row.address?.state),
    zipcode: blankToNull(row.address?.zip),
    country: blankToNull(row.address?.country),
    active: row.active,
  }),
  jobs: (row): CrmJob => ({
    externalId: String(row.id),
    jobNumber: row.jobNumber,
    customerExternalId: String(row.customerId),
    locationExternalId: row.locationId ? String(row.locationId) : null,
    technicianExternalId: row.soldById ? String(row.soldById) : null,
    status: jobStatusOf(row.jobStatus),
    revenueCents: dollarAmountToCents(row.total),
    completedAt: row.completedOn ? dateOf(row.completedOn) : null,
    createdAt: dateOf(row.createdOn),
  }),
  calls: (row): CrmCall => ({
    externalId: String(row.id),
    customerExternalId: row.customer ? String(row.customer.id) : null,
    jobExternalId: row.job ? String(row.job.id) : null,
    direction: row.direction.toLowerCase() === 'outbound' ? 'Outbound' : 'Inbound',
    callType: callTypeOf(row.type),
    durationSeconds: durationSeconds(row.duration),
    startedAt: dateOf(row.createdOn),
    agentName: blankToNull(row.agent?.name),
    recordingRef: row.recordingUrl?.trim() ? String(row.id) : null,
  }),
};

/** One export row to our record; throws (with no row content) when the row doesn't fit. */
export function mapExportRow<E extends CrmEntity>(entity: E, row: unknown): CrmRecordOf[E] {
  const parsed = ROWS[entity].safeParse(row);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '?';
    throw new Error(`unexpected ${entity} row (field ${field})`);
  }
  const map = MAPPERS[entity] as (r: unknown) => CrmRecordOf[E];
  try {
    return map(parsed.data);
  } catch (error) {
    throw new Error(`unexpected ${entity} row ${parsed.data.id} (${(error as Error).message})`);
  }
}
