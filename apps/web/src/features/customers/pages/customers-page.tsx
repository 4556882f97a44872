import { customerListQuerySchema, customersExportPath } from '@fieldbot/shared';
import { Group, Stack } from '@mantine/core';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { BackRunButton, canBackRun } from '@/features/back-runs';
import { useCurrentUser } from '@/lib/session';
import { useCustomers } from '../api/get-customers';
import { CustomersTable } from '../components/customers-table';

export const CUSTOMERS_PAGE_HEADER = { title: 'Customers' };

/** /customers: search, type and status filters, sort and page, all kept in the query string. */
export function CustomersPage() {
  usePageHeader(CUSTOMERS_PAGE_HEADER);
  const [query, setQuery] = useListQuery(customerListQuerySchema);
  const customers = useCustomers(query);
  const user = useCurrentUser();
  const { data, loading, fetching } = useDeferredPage(customers);

  return (
    <Stack gap={0}>
      <Group justify="flex-end" mb="sm" gap="sm">
        <ExportCsvButton path={customersExportPath} query={query} />
        {/* Back-runs cover the company's past interactions: the admin starts them from its list. */}
        {canBackRun(user) ? <BackRunButton /> : null}
      </Group>
      <CustomersTable
        query={query}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={customers.error}
        onRetry={() => void customers.refetch()}
      />
    </Stack>
  );
}
