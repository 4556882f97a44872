import { ROLE } from '@fieldbot/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { TableError } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { isApiError } from '@/lib/http';
import { useCurrentUser } from '@/lib/session/get-me';
import {
  EMPTY_FILTERS,
  auditLogPaths,
  auditLogQuery,
  useAuditLog,
  type AuditLogFilters as Filters,
  type AuditLogSide,
} from '../api/audit-log';
import { AuditLogFilters } from '../components/audit-log-filters';
import { AuditLogTable } from '../components/audit-log-table';

/**
 * /settings/audit-log (issue 27 §5): who did what, to which object, when and from where. A company
 * admin reads the company's log, a publisher admin the publisher's; read-only, newest first.
 */
export function AuditLogPage() {
  usePageHeader({ title: 'Settings' });
  const user = useCurrentUser();
  const side: AuditLogSide = user?.role.alias === ROLE.PUBLISHER_ADMIN ? 'publisher' : 'company';
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  // Keyset paging: the cursors of the pages before this one (Previous pops one).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const log = useAuditLog(side, filters, cursor);

  const changeFilters = useCallback((next: Filters) => {
    setFilters(next);
    setCursors([null]);
  }, []);

  // A 422 (a reversed date range) shows under the date fields, other failures in place of the rows.
  const fieldErrors =
    isApiError(log.error) && log.error.status === 422 ? log.error.errors : undefined;
  const errors = {
    from: fieldErrors?.from?.[0],
    to: fieldErrors?.to?.[0],
  };
  const rows = log.data?.data;
  const next = log.data?.meta.next_cursor ?? null;
  const page = cursors.length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" maw={680}>
          {side === 'company'
            ? 'Who did what in your company, to which object, when and from where: sign-ins, team and settings changes, exports, playback and downloads, API keys and webhooks.'
            : 'Who did what in your publisher account, to which object, when and from where.'}{' '}
          <Text span c="dimmed" size="sm">
            Entries cannot be changed or deleted, and are kept for two years.
          </Text>
        </Text>
        <ExportCsvButton path={auditLogPaths[side].csv} query={auditLogQuery(filters)} />
      </Group>
      <AuditLogTable
        rows={log.isError && !rows ? undefined : rows}
        loading={log.isPending}
        fetching={log.isFetching && !log.isPending}
        error={
          log.isError && !fieldErrors ? (
            <TableError error={log.error} onRetry={() => void log.refetch()} />
          ) : undefined
        }
        toolbar={<AuditLogFilters filters={filters} onChange={changeFilters} errors={errors} />}
        footer={
          (page > 1 || next) && (
            <Group justify="flex-end" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {`Page ${page}`}
              </Text>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} aria-hidden />}
                disabled={page <= 1}
                onClick={() => setCursors((list) => list.slice(0, -1))}
              >
                Newer
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} aria-hidden />}
                disabled={!next || log.isFetching}
                onClick={() => next && setCursors((list) => [...list, next])}
              >
                Older
              </Button>
            </Group>
          )
        }
      />
    </Stack>
  );
}
