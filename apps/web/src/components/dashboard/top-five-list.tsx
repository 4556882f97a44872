import { DASHBOARD_TOP_N, type KeyValue } from '@fieldbot/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount } from './format';
import { ListCard } from './list-card';

export interface TopFiveListProps {
  title: string;
  /** At most DASHBOARD_TOP_N rows, biggest first (the API's order is kept). */
  rows: readonly KeyValue[];
  /** Formats a row's value (counts by default; money: formatUsdCompact). */
  format?: (value: number) => string;
  /** The row's page (bot, client, technician); null leaves the name as text. */
  getHref?: (row: KeyValue) => string | null;
  /** Spec §8 'No {rows} Found', e.g. 'No Bots Found'. */
  emptyText: string;
  loading?: boolean;
}

/** Spec §1 top-5 list: ranked names with their values, each name linking to its page. */
export function TopFiveList({
  title,
  rows,
  format = formatCount,
  getHref,
  emptyText,
  loading = false,
}: TopFiveListProps) {
  return (
    <ListCard title={title} loading={loading} empty={rows.length === 0} emptyText={emptyText}>
      {rows.slice(0, DASHBOARD_TOP_N).map((row, index) => {
        const href = getHref?.(row) ?? null;
        return (
          <Group
            component="li"
            key={`${row.id ?? ''}:${row.key}`}
            gap="xs"
            wrap="nowrap"
            justify="space-between"
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text size="sm" c="dimmed" w={16} ta="right" aria-hidden>
                {index + 1}
              </Text>
              {href ? (
                <Anchor component={Link} to={href} size="sm" truncate="end">
                  {row.key}
                </Anchor>
              ) : (
                <Text size="sm" truncate="end">
                  {row.key}
                </Text>
              )}
            </Group>
            <Text size="sm" fw={600} style={{ flex: 'none' }}>
              {format(row.value)}
            </Text>
          </Group>
        );
      })}
    </ListCard>
  );
}
