import { invoicesExportPath, invoiceListQuerySchema } from '@fieldbot/shared';
import { Group, Stack } from '@mantine/core';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { useInvoices } from '../api/get-invoices';
import { InvoicesTable } from '../components/invoices-table';

/** /settings/billing/invoice-history: page, keyword, date, sort and direction in the query string. */
export function InvoiceHistoryPage() {
  usePageHeader({ title: 'Settings', subTitle: 'Invoice History' });
  const [query, setQuery] = useListQuery(invoiceListQuerySchema);
  const invoices = useInvoices(query);
  const { data, loading, fetching } = useDeferredPage(invoices);

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <ExportCsvButton path={invoicesExportPath} query={query} />
      </Group>
      <InvoicesTable
        query={query}
        keyword={query.keyword ?? ''}
        date={query.date ?? null}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
      />
    </Stack>
  );
}
