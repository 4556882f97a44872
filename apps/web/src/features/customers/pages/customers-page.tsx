import { customerListQuerySchema } from '@fieldbot/shared';
import { useDeferredValue } from 'react';
import { useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useCustomers } from '../api/get-customers';
import { CustomersTable } from '../components/customers-table';

/** /customers: search, type and status filters, sort and page, all kept in the query string. */
export function CustomersPage() {
  usePageHeader({ title: 'Customers' });
  const [query, setQuery] = useListQuery(customerListQuerySchema);
  const customers = useCustomers(query);
  // A query's answer re-renders in one uninterruptible task; deferred, the rows render in slices
  // that let the browser paint and answer input in between (ADR 013).
  const data = useDeferredValue(customers.data);

  return (
    <CustomersTable
      query={query}
      onQueryChange={setQuery}
      data={data}
      loading={data === undefined && !customers.isError}
      fetching={customers.isPlaceholderData}
      error={customers.error}
      onRetry={() => void customers.refetch()}
    />
  );
}
