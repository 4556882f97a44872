import { DASHBOARD_TOP_N } from '@fieldbot/shared';
import { Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from './section-card';

export interface ListCardProps {
  title: string;
  /** True while loading: skeleton rows instead of the list. */
  loading: boolean;
  /** True when loaded with nothing to list: emptyText instead of the list. */
  empty: boolean;
  /** Spec §8 'No {rows} Found', e.g. 'No Bots Found'. */
  emptyText: string;
  /** The rows: `li` elements, placed in an ordered list. */
  children: ReactNode;
}

/** The frame of every list on a dashboard: a titled card with its skeleton and empty states. */
export function ListCard({ title, loading, empty, emptyText, children }: ListCardProps) {
  return (
    <SectionCard title={title} loading={loading}>
      {loading ? (
        <Stack gap={10} data-testid="list-skeleton">
          {Array.from({ length: DASHBOARD_TOP_N }, (_, index) => (
            <Skeleton key={index} height={16} />
          ))}
        </Stack>
      ) : empty ? (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      ) : (
        <Stack component="ol" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </SectionCard>
  );
}
