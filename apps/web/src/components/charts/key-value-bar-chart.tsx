import type { KeyValue } from '@fieldbot/shared';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ChartCard } from './chart-card';
import {
  axisLabel,
  chartColor,
  defaultValueFormatter,
  isEmptyChart,
  type KeyValueHref,
  type ValueFormatter,
} from './chart-data';
import { KeyValueTable } from './key-value-table';

export interface KeyValueBarChartProps {
  /** Card heading and the chart region's accessible name. */
  title: string;
  data: readonly KeyValue[];
  /** Name of the value in the tooltip and the text alternative, e.g. 'Runs'. */
  valueLabel?: string;
  /** Tooltip, axis and text alternative; abbreviateCount by default (money: formatUsdCompact). */
  valueFormatter?: ValueFormatter;
  /** Clicking a bar opens this page (the same pages are linked from the top-5 lists). */
  getHref?: KeyValueHref;
  loading?: boolean;
}

const BAR_HEIGHT = 32;
const AXIS_HEIGHT = 40;

/** Spec §2: a horizontal bar chart of key/value pairs, one bar per key. */
export function KeyValueBarChart({
  title,
  data,
  valueLabel = 'Value',
  valueFormatter = defaultValueFormatter,
  getHref,
  loading = false,
}: KeyValueBarChartProps) {
  const navigate = useNavigate();
  // Mantine colours a bar by its row's `color`: one hue per key, like the pie's slices.
  const rows = data.map((row, index) => ({ ...row, color: chartColor(row, index) }));
  const height = Math.max(rows.length, 3) * BAR_HEIGHT + AXIS_HEIGHT;
  const hrefAt = (index: number) => {
    const row = rows[index];
    return row && getHref ? getHref(row) : null;
  };

  return (
    <ChartCard title={title} loading={loading} empty={isEmptyChart(data)} height={height}>
      {/* The drawing is for the eye; screen readers get the table below. */}
      <div aria-hidden>
        <BarChart
          h={height}
          data={rows}
          dataKey="key"
          orientation="vertical"
          series={[{ name: 'value', label: valueLabel, color: 'var(--chart-color-1)' }]}
          valueFormatter={valueFormatter}
          accessibilityLayer={false}
          gridAxis="none"
          tickLine="none"
          yAxisProps={{ width: 104, interval: 0, tickFormatter: (key: string) => axisLabel(key) }}
          xAxisProps={{ allowDecimals: false }}
          tooltipProps={{ cursor: { fillOpacity: 0.4 } }}
          maxBarWidth={24}
          barProps={{
            // Drawn at once: the figures are the point, and a month switch should not replay motion.
            isAnimationActive: false,
            cursor: getHref ? 'pointer' : undefined,
            onClick: (_, index) => {
              const href = hrefAt(index);
              if (href) void navigate(href);
            },
          }}
        />
      </div>
      <VisuallyHidden>
        <KeyValueTable
          caption={title}
          rows={data}
          valueLabel={valueLabel}
          valueFormatter={valueFormatter}
        />
      </VisuallyHidden>
    </ChartCard>
  );
}
