import type { KeyValue } from '@fieldbot/shared';
import { PieChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ChartCard } from './chart-card';
import {
  chartColor,
  defaultValueFormatter,
  isEmptyChart,
  swatchClass,
  type KeyValueHref,
  type ValueFormatter,
} from './chart-data';

export interface KeyValuePieChartProps {
  /** Card heading and the chart region's accessible name. */
  title: string;
  data: readonly KeyValue[];
  /** Name of the value in the legend's accessible name, e.g. 'Runs'. */
  valueLabel?: string;
  /** Tooltip and legend; abbreviateCount by default (money: formatUsdCompact). */
  valueFormatter?: ValueFormatter;
  /** Clicking a slice opens this page. */
  getHref?: KeyValueHref;
  loading?: boolean;
}

const PIE_SIZE = 180;

/** The share of a slice, 0.25 → '25%'; whole percents, '<1%' for a sliver. */
export function shareLabel(value: number, total: number): string {
  if (total <= 0) return '0%';
  const percent = (value / total) * 100;
  return percent > 0 && percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

/**
 * Spec §2: a pie chart of key/value pairs. The legend beside it lists every key with its value and
 * share, so the colours are never the only cue and screen readers read the legend, not the drawing.
 */
export function KeyValuePieChart({
  title,
  data,
  valueLabel = 'Value',
  valueFormatter = defaultValueFormatter,
  getHref,
  loading = false,
}: KeyValuePieChartProps) {
  const navigate = useNavigate();
  const total = data.reduce((sum, row) => sum + row.value, 0);
  const cells = data.map((row, index) => ({
    key: `${row.id ?? ''}:${row.key}`,
    name: row.key,
    value: row.value,
    color: chartColor(row, index),
    row,
  }));

  return (
    <ChartCard title={title} loading={loading} empty={isEmptyChart(data)} height={PIE_SIZE}>
      <Group gap="lg" align="center" justify="center" wrap="wrap">
        <div aria-hidden>
          <PieChart
            size={PIE_SIZE}
            data={cells}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={valueFormatter}
            strokeColor="var(--mantine-color-body)"
            accessibilityLayer={false}
            // The drawing is hidden from assistive tech (the legend says it all), so not focusable.
            // Drawn at once: the figures are the point, and a month switch should not replay motion.
            pieProps={{ rootTabIndex: -1, isAnimationActive: false }}
            cellProps={(cell) => {
              const row = cells.find((c) => c.key === cell.key)?.row;
              const href = row && getHref ? getHref(row) : null;
              return href ? { cursor: 'pointer', onClick: () => void navigate(href) } : {};
            }}
          />
        </div>
        <Stack
          component="ul"
          aria-label={`${valueLabel} by name`}
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          miw={0}
        >
          {cells.map((cell) => (
            <Group component="li" key={cell.key} gap="xs" wrap="nowrap">
              <span className={swatchClass} style={{ background: cell.color }} aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {cell.name}
                <Text span c="dimmed" size="sm">
                  {` · ${valueFormatter(cell.value)} (${shareLabel(cell.value, total)})`}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}
