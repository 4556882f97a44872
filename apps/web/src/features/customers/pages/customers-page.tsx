import { customerListQuerySchema } from '@fieldbot/shared';
import { useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useCustomers } from '../api/get-customers';
import { CustomersTable } from '../components/customers-table';

/** /customers: search, type and status filters, sort and page, all kept in the query string. */
export function CustomersPage() {
  usePageHeader({ title: 'Customers' });
  const [query, setQuery] = useListQuery(customerListQuerySchema);
  const customers = useCustomers(query);

  return (
    <CustomersTable
      query={query}
      onQueryChange={setQuery}
      data={customers.data}
      loading={customers.isPending}
      fetching={customers.isPlaceholderData}
      error={customers.error}
      onRetry={() => void customers.refetch()}
    />
  );
}
