import type { Customer } from '@fieldbot/shared';
import { DataList, Group, Paper, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge/status-badge';

export interface CustomerHeaderCardProps {
  /** Undefined while loading. */
  customer: Customer | undefined;
  /** Actions shown beside the details (record / upload). */
  actions?: ReactNode;
}

function fields(customer: Customer): [string, ReactNode][] {
  return [
    ['Customer Name', customer.name],
    ['Customer ID', customer.customer_id],
    ['# of Jobs', customer.jobs_count],
    ['Customer Type', customer.type],
    ['Customer Status', <StatusBadge status={customer.active ? 'active' : 'inactive'} />],
  ];
}

const LABELS = ['Customer Name', 'Customer ID', '# of Jobs', 'Customer Type', 'Customer Status'];

/** Spec §2: Customer Name, Customer ID, # of Jobs, Customer Type, Customer Status. */
export function CustomerHeaderCard({ customer, actions }: CustomerHeaderCardProps) {
  const items: [string, ReactNode][] = customer
    ? fields(customer)
    : LABELS.map((label) => [label, <Skeleton height={18} width="70%" mt={4} />]);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-busy={!customer}
      aria-label="Customer details"
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <DataList
          orientation="vertical"
          style={{
            flex: '1 1 480px',
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          }}
        >
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue fw={600}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        {actions}
      </Group>
    </Paper>
  );
}
