import { DASHBOARD_EMPTY_MESSAGE, formatUsdCompact, type KeyValue } from '@fieldbot/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { blockingViolations } from '@/test/axe';
import { axisLabel, chartColor, isEmptyChart } from './chart-data';
import { KeyValueBarChart, KeyValuePieChart, shareLabel } from './index';

const RUNS: KeyValue[] = [
  { id: 'b1', key: 'Upsell Finder', value: 1_500 },
  { id: 'b2', key: 'Safety Check', value: 950 },
  { id: null, key: 'Others', value: 2_300_000 },
];

describe('KeyValueBarChart', () => {
  it('shows the empty message for an empty month, and for only zeros', () => {
    const { unmount } = renderWithProviders(<KeyValueBarChart title="Runs per bot" data={[]} />);
    expect(screen.getByRole('region', { name: 'Runs per bot' })).toHaveTextContent(
      DASHBOARD_EMPTY_MESSAGE,
    );
    unmount();
    renderWithProviders(
      <KeyValueBarChart title="Runs per bot" data={[{ id: 'b1', key: 'A', value: 0 }]} />,
    );
    expect(screen.getByText(DASHBOARD_EMPTY_MESSAGE)).toBeInTheDocument();
  });

  it('gives screen readers a table of keys and values abbreviated like the tooltips', () => {
    renderWithProviders(<KeyValueBarChart title="Runs per bot" data={RUNS} valueLabel="Runs" />);
    const table = screen.getByRole('table', { name: 'Runs per bot' });
    expect(within(table).getByRole('columnheader', { name: 'Runs' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Upsell Finder 1.5K' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Safety Check 950' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Others 2.3M' })).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_EMPTY_MESSAGE)).not.toBeInTheDocument();
  });

  it('formats with the value formatter it is given (money)', () => {
    renderWithProviders(
      <KeyValueBarChart
        title="Revenue per bot"
        data={[{ id: 'b1', key: 'Upsell Finder', value: 123_456 }]}
        valueFormatter={formatUsdCompact}
      />,
    );
    expect(screen.getByRole('row', { name: 'Upsell Finder $1.2K' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, not the empty message', () => {
    renderWithProviders(<KeyValueBarChart title="Runs per bot" data={[]} loading />);
    expect(screen.getByTestId('chart-skeleton')).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_EMPTY_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('KeyValuePieChart', () => {
  it('shows the empty message for an empty month', () => {
    renderWithProviders(<KeyValuePieChart title="Runs per client" data={[]} />);
    expect(screen.getByRole('region', { name: 'Runs per client' })).toHaveTextContent(
      DASHBOARD_EMPTY_MESSAGE,
    );
  });

  it('lists every slice with its abbreviated value and share', async () => {
    renderWithProviders(
      <KeyValuePieChart
        title="Call outcomes"
        valueLabel="Calls"
        data={[
          { id: null, key: 'Booked', value: 3_000 },
          { id: null, key: 'Unbooked', value: 1_200 },
          { id: null, key: 'Other', value: 1_000 },
        ]}
      />,
    );
    const legend = screen.getByRole('list', { name: 'Calls by name' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Booked · 3K (58%)',
      'Unbooked · 1.2K (23%)',
      // K only above 1,000 (spec §9).
      'Other · 1000 (19%)',
    ]);
    expect(await blockingViolations()).toEqual([]);
  });
});

describe('chart helpers', () => {
  it('treat no rows and only zeros as empty', () => {
    expect(isEmptyChart([])).toBe(true);
    expect(isEmptyChart([{ id: null, key: 'A', value: 0 }])).toBe(true);
    expect(isEmptyChart([{ id: null, key: 'A', value: 2 }])).toBe(false);
  });

  it('colour the Others bucket grey and cycle the palette', () => {
    expect(chartColor({ id: null, key: 'Others', value: 1 }, 10)).toBe('var(--chart-color-others)');
    expect(chartColor({ id: 'x', key: 'A', value: 1 }, 0)).toBe('var(--chart-color-1)');
    expect(chartColor({ id: 'x', key: 'A', value: 1 }, 10)).toBe('var(--chart-color-1)');
  });

  it('shorten long axis labels and round shares', () => {
    expect(axisLabel('Short')).toBe('Short');
    expect(axisLabel('A very long technician name')).toBe('A very long t…');
    expect(shareLabel(1, 3)).toBe('33%');
    expect(shareLabel(1, 1000)).toBe('<1%');
    expect(shareLabel(0, 0)).toBe('0%');
  });
});
