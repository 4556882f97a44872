import { z } from 'zod';
import { AUDIT_EVENTS } from './audit-events';
import { AUDIT_EVENT_GROUPS } from './audit-labels';

/** Settings → Audit log: a company admin reads the company's log, a publisher admin the publisher's. */
export const companyAuditLogPath = '/api/company/audit-log';
export const publisherAuditLogPath = '/api/publisher/audit-log';
/** The same list as CSV (the list's filters, no paging), streamed; the export is itself audited. */
export const companyAuditLogExportPath = `${companyAuditLogPath}/export`;
export const publisherAuditLogExportPath = `${publisherAuditLogPath}/export`;

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 100;

export const AUDIT_LOG_MESSAGES = {
  dateOrder: 'The end date must be on or after the start date.',
  badCursor: 'This page link is no longer valid. Start again from the first page.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A day (`2026-12-06`, the whole UTC day) or an instant with its offset (the browser's local day). */
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional();

/** Opaque to clients: the (at, id) of the last entry of the page before, base64url. */
const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, AUDIT_LOG_MESSAGES.badCursor)
  .optional();

const filterShape = {
  /** One action group (Sign-in, Team, …). */
  group: z.enum(AUDIT_EVENT_GROUPS).optional(),
  /** One event. */
  event: z.enum(AUDIT_EVENTS).optional(),
  /** A user id, or text found in the actor's e-mail or name. */
  actor: optionalText(200),
  /** A target id (exact), or a target type (`webhook`, `interaction`, …). */
  target: optionalText(200),
  from: instant,
  to: instant,
};

/** The start of `from` and the end of `to` (a bare day covers all of it). */
export function auditLogBounds(query: { from?: string; to?: string }): {
  from: Date | null;
  to: Date | null;
} {
  const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const from = query.from
    ? new Date(day(query.from) ? `${query.from}T00:00:00Z` : query.from)
    : null;
  const to = query.to
    ? day(query.to)
      ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000 - 1)
      : new Date(query.to)
    : null;
  return { from, to };
}

const dateOrder = (q: { from?: string; to?: string }) => {
  const { from, to } = auditLogBounds(q);
  return !from || !to || from <= to;
};

export const auditLogExportQuerySchema = z
  .object(filterShape)
  .refine(dateOrder, { message: AUDIT_LOG_MESSAGES.dateOrder, path: ['to'] });
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuerySchema>;

export const auditLogQuerySchema = z
  .object({
    ...filterShape,
    cursor: cursorSchema,
    limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_PAGE_SIZE).default(AUDIT_LOG_PAGE_SIZE),
  })
  .refine(dateOrder, { message: AUDIT_LOG_MESSAGES.dateOrder, path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** The stored name (AUDIT_EVENTS, or an older one); `label` says it in words. */
  event: z.string(),
  label: z.string(),
  group: z.enum(AUDIT_EVENT_GROUPS).nullable(),
  actor: z.object({
    id: z.string().nullable(),
    /** As it was when it happened (the account may have changed or gone since). */
    email: z.string().nullable(),
    name: z.string().nullable(),
  }),
  target: z
    .object({
      type: z.string(),
      id: z.string(),
      /** "Webhook", "Interaction", …; for a user, their name. */
      label: z.string(),
    })
    .nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Ids and settings of the action; never secrets or deleted personal data. */
  meta: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogResponseSchema = z.object({
  data: z.array(auditLogEntrySchema),
  meta: z.object({ limit: z.number().int(), next_cursor: z.string().nullable() }),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** The query string of a list or export request (empty values left out). */
export function auditLogSearch(
  query: Partial<Record<string, string | number | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
