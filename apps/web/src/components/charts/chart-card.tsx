import '@mantine/charts/styles.css';
import { DASHBOARD_EMPTY_MESSAGE } from '@fieldbot/shared';
import { Center, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '@/components/dashboard/section-card';
import { paletteClass } from './chart-data';

// Empty charts side by side line up whatever their drawn heights.
const EMPTY_HEIGHT = 120;

export interface ChartCardProps {
  title: string;
  /** While the data loads: a skeleton of the chart's height. */
  loading?: boolean;
  /** No data for the timeline: the spec's empty message instead of the chart. */
  empty?: boolean;
  height: number;
  children?: ReactNode;
}

/**
 * The frame of a dashboard chart: a titled card (the title names the region for screen readers),
 * with the skeleton while loading and spec §8's empty message when there is nothing to draw.
 */
export function ChartCard({
  title,
  loading = false,
  empty = false,
  height,
  children,
}: ChartCardProps) {
  return (
    <SectionCard title={title} loading={loading} className={paletteClass}>
      {loading ? (
        <Skeleton height={height} radius="sm" data-testid="chart-skeleton" />
      ) : empty ? (
        <Center mih={EMPTY_HEIGHT} px="md">
          <Text c="dimmed" size="sm" ta="center">
            {DASHBOARD_EMPTY_MESSAGE}
          </Text>
        </Center>
      ) : (
        children
      )}
    </SectionCard>
  );
}
