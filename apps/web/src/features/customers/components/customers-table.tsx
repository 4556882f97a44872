import { customerPath } from '@fieldbot/shared';
import type { Customer, CustomerListQuery } from '@fieldbot/shared';
import { Anchor, Group, Select } from '@mantine/core';
import { Link } from 'react-router';
import { ListDataTable, type DataTableColumn, type ListTableProps } from '@/components/data-table';
import { SearchInput } from '@/components/search/search-input';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { CUSTOMER_STATUS_OPTIONS, CUSTOMER_TYPE_OPTIONS } from '../lib/options';

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

export type CustomersTableProps = ListTableProps<CustomerListQuery, Customer>;

export function CustomersTable(props: CustomersTableProps) {
  const { query, onQueryChange } = props;
  return (
    <ListDataTable
      {...props}
      rowsName="Customers"
      columns={COLUMNS}
      rowKey={(customer) => customer.id}
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
