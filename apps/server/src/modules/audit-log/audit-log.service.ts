import {
  AUDIT_LOG_MESSAGES,
  ROLE,
  auditEventGroup,
  auditEventLabel,
  auditEventsOfGroup,
  auditLogBounds,
  auditTargetTypeLabel,
  exportFileName,
  type AuditLogEntry,
  type AuditLogExportQuery,
  type AuditLogQuery,
  type AuditLogResponse,
  type User,
} from '@fieldbot/shared';
import type { Readable } from 'node:stream';
import { csvStream, type CsvColumn } from '../../lib/csv-response.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type {
  AuditCursor,
  AuditLogFilter,
  AuditLogRepo,
  AuditLogRow,
  AuditTenant,
} from './audit-log.repo.js';

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** A company admin reads the company's log, a publisher admin the publisher's; nobody else. */
export function auditTenantOf(viewer: User, side: 'company' | 'publisher'): AuditTenant {
  if (side === 'company' && viewer.role.alias === ROLE.COMPANY_ADMIN && viewer.company) {
    return { companyId: viewer.company.id };
  }
  if (side === 'publisher' && viewer.role.alias === ROLE.PUBLISHER_ADMIN && viewer.publisher) {
    return { publisherId: viewer.publisher.id };
  }
  throw forbidden();
}

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

/** null for a cursor this server did not make (422 on `cursor`, not a failed cast). */
export function decodeCursor(text: string): AuditCursor | null {
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString().split('|');
  if (rest.length > 0 || !at || !id || !isUuid(id)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)) return null;
  return { at, id };
}

function toFilter(query: AuditLogExportQuery): AuditLogFilter {
  const { from, to } = auditLogBounds(query);
  const events = query.event
    ? [query.event]
    : query.group
      ? auditEventsOfGroup(query.group)
      : undefined;
  // An event outside the group asked for: nothing matches.
  const inGroup = query.event && query.group ? auditEventGroup(query.event) === query.group : true;
  return { events: inGroup ? events : [], actor: query.actor, target: query.target, from, to };
}

/** `2026-12-06T10:00:00.123456Z` → `2026-12-06T10:00:00.123Z` (what clients parse). */
const isoMillis = (at: string) => `${at.slice(0, 23)}Z`;

function targetOf(row: AuditLogRow): AuditLogEntry['target'] {
  if (!row.targetType || !row.targetId) return null;
  return {
    type: row.targetType,
    id: row.targetId,
    label: row.targetName ?? auditTargetTypeLabel(row.targetType),
  };
}

export function toAuditEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    at: isoMillis(row.at),
    event: row.event,
    label: auditEventLabel(row.event),
    group: auditEventGroup(row.event),
    actor: { id: row.userId, email: row.actorEmail, name: row.actorName },
    target: targetOf(row),
    ip: row.ip,
    user_agent: row.userAgent,
    meta: row.meta ?? {},
  };
}

const CSV_COLUMNS: readonly CsvColumn<AuditLogRow>[] = [
  { header: 'When (UTC)', value: (r) => isoMillis(r.at) },
  { header: 'Action', value: (r) => auditEventLabel(r.event) },
  { header: 'Event', value: (r) => r.event },
  { header: 'Who', value: (r) => r.actorName },
  { header: 'E-mail', value: (r) => r.actorEmail },
  { header: 'User id', value: (r) => r.userId },
  { header: 'Target type', value: (r) => (r.targetType ? auditTargetTypeLabel(r.targetType) : '') },
  { header: 'Target', value: (r) => r.targetName ?? r.targetId },
  { header: 'Target id', value: (r) => r.targetId },
  { header: 'IP address', value: (r) => r.ip },
  { header: 'User agent', value: (r) => r.userAgent },
  {
    header: 'Details',
    value: (r) => (Object.keys(r.meta ?? {}).length ? JSON.stringify(r.meta) : ''),
  },
];

export function createAuditLogService(deps: { repo: AuditLogRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(tenant: AuditTenant, query: AuditLogQuery): Promise<AuditLogResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      if (after === null) throw fieldError('cursor', AUDIT_LOG_MESSAGES.badCursor);
      const rows = await repo.page(tenant, toFilter(query), query.limit, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toAuditEntry),
        meta: {
          limit: query.limit,
          next_cursor:
            rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
        },
      };
    },

    /** The filtered log as CSV, newest first, neutralised cells (csvStream). */
    exportCsv(
      tenant: AuditTenant,
      query: AuditLogExportQuery,
    ): { fileName: string; stream: Readable } {
      const filter = toFilter(query);
      return {
        fileName: exportFileName('audit-log', now()),
        stream: csvStream(CSV_COLUMNS, (offset, limit) =>
          repo.batch(tenant, filter, offset, limit),
        ),
      };
    },
  };
}
