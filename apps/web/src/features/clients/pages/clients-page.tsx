import { clientListQuerySchema, clientsExportPath } from '@fieldbot/shared';
import { Group, Stack } from '@mantine/core';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { useClients } from '../api/get-clients';
import { ClientTotals } from '../components/client-totals';
import { ClientsTable } from '../components/clients-table';
import { shownMonthLabel } from '../lib/month';

/** /clients/list: the companies using the publisher's bots, with the month's usage and cost. */
export function ClientsPage() {
  usePageHeader({ title: 'Clients' });
  const [query, setQuery] = useListQuery(clientListQuerySchema);
  const clients = useClients(query);
  // A page's answer renders in slices the browser can paint between (ADR 013).
  const { data, loading, fetching } = useDeferredPage(clients);
  const month = shownMonthLabel(query.month, new Date());

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <ExportCsvButton path={clientsExportPath} query={query} />
      </Group>
      {clients.isError ? null : <ClientTotals totals={data?.data.totals} month={month} />}
      <ClientsTable
        query={query}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={clients.error}
        onRetry={() => void clients.refetch()}
      />
    </Stack>
  );
}
