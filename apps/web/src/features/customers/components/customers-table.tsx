import type { Customer, CustomerListQuery } from '@fieldbot/shared';
import { Anchor, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import {
  DataTable,
  TableError,
  type DataTableColumn,
  type SortState,
} from '@/components/data-table';
import { SearchInput } from '@/components/search/search-input';
import { StatusBadge } from '@/components/status-badge/status-badge';
import type { CustomerListResponse } from '../api/get-customers';
import { CUSTOMER_STATUS_OPTIONS, CUSTOMER_TYPE_OPTIONS } from '../lib/options';
import { customerPath } from '../lib/paths';

const COLUMNS: DataTableColumn<Customer>[] = [
  {
    key: 'name',
    header: 'Customer Name',
    sortField: 'name',
    render: (customer) => (
      <Anchor component={Link} to={customerPath(customer.id)} fw={600}>
        {customer.name}
      </Anchor>
    ),
  },
  {
    key: 'customer_id',
    header: 'Customer ID',
    sortField: 'customer_id',
    render: (c) => c.customer_id,
  },
  { key: 'jobs_count', header: '# of Jobs', sortField: 'jobs_count', render: (c) => c.jobs_count },
  { key: 'type', header: 'Customer Type', sortField: 'type', render: (c) => c.type },
  {
    key: 'active',
    header: 'Customer Status',
    sortField: 'active',
    render: (c) => <StatusBadge status={c.active ? 'active' : 'inactive'} />,
  },
];

export type CustomerListChange = Partial<
  Record<keyof CustomerListQuery, string | number | undefined>
>;

export interface CustomersTableProps {
  query: CustomerListQuery;
  onQueryChange: (change: CustomerListChange) => void;
  data: CustomerListResponse | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}

export function CustomersTable({
  query,
  onQueryChange,
  data,
  loading,
  fetching,
  error,
  onRetry,
}: CustomersTableProps) {
  const sort: SortState = { sortBy: query.sort_by, sortDirection: query.sort_direction };
  return (
    <DataTable
      rowsName="Customers"
      columns={COLUMNS}
      rows={data?.data.items}
      rowKey={(customer) => customer.id}
      loading={loading}
      fetching={fetching}
      error={error ? <TableError error={error} onRetry={onRetry} /> : null}
      sort={{
        ...sort,
        onSortChange: (next) =>
          onQueryChange({ sort_by: next.sortBy, sort_direction: next.sortDirection }),
      }}
      pagination={{
        page: query.page,
        total: data?.data.count ?? 0,
        onPageChange: (page) => onQueryChange({ page }),
      }}
      toolbar={
        <Group mb="md" align="flex-end" gap="sm">
          <SearchInput
            label="Search customers"
            placeholder="Search by name, customer ID or job ID"
            value={query.keyword ?? ''}
            onSearch={(keyword) => onQueryChange({ keyword })}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Customer Type"
            placeholder="All"
            data={CUSTOMER_TYPE_OPTIONS}
            value={query.type ?? null}
            onChange={(type) => onQueryChange({ type: type ?? undefined })}
            clearable
            w={180}
          />
          <Select
            label="Status"
            placeholder="All"
            data={CUSTOMER_STATUS_OPTIONS}
            value={query.status ?? null}
            onChange={(status) => onQueryChange({ status: status ?? undefined })}
            clearable
            w={160}
          />
        </Group>
      }
    />
  );
}
