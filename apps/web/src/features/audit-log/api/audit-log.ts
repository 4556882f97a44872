import {
  auditLogResponseSchema,
  companyAuditLogExportPath,
  companyAuditLogPath,
  publisherAuditLogExportPath,
  publisherAuditLogPath,
  type AuditEventGroup,
} from '@fieldbot/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Whose log the viewer reads: a company admin the company's, a publisher admin the publisher's. */
export type AuditLogSide = 'company' | 'publisher';

export const auditLogPaths = {
  company: { list: companyAuditLogPath, csv: companyAuditLogExportPath },
  publisher: { list: publisherAuditLogPath, csv: publisherAuditLogExportPath },
} as const;

/** The page's filters as the user set them: days are local calendar days (`2026-12-06`). */
export interface AuditLogFilters {
  group: AuditEventGroup | '';
  actor: string;
  fromDay: string;
  toDay: string;
}

export const EMPTY_FILTERS: AuditLogFilters = { group: '', actor: '', fromDay: '', toDay: '' };

/** The server's query: local days become instants (the start of `from`, the end of `to`). */
export function auditLogQuery(filters: AuditLogFilters): Record<string, string | undefined> {
  const at = (day: string, time: string) =>
    day ? new Date(`${day}T${time}`).toISOString() : undefined;
  return {
    group: filters.group || undefined,
    actor: filters.actor.trim() || undefined,
    from: at(filters.fromDay, '00:00:00'),
    to: at(filters.toDay, '23:59:59.999'),
  };
}

/** One page of the log (keyset paging: `cursor` is where the page before ended). */
export function useAuditLog(side: AuditLogSide, filters: AuditLogFilters, cursor: string | null) {
  const query = auditLogQuery(filters);
  return useQuery({
    queryKey: ['audit-log', side, query, cursor],
    queryFn: () =>
      http.get(auditLogPaths[side].list, auditLogResponseSchema, {
        query: { ...query, cursor: cursor ?? undefined },
      }),
    placeholderData: keepPreviousData,
    // The page shows the error in place of the rows, with a retry.
    meta: { errorToast: false },
  });
}
