import { formatUsdCompact } from '@fieldbot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DashboardError } from './dashboard-error';
import { DashboardMonthBar } from './dashboard-month-bar';
import { formatChange, formatPercent } from './format';
import { KpiCard } from './kpi-card';
import { TopFiveList } from './top-five-list';
import { shownMonth, useDashboardMonth } from './use-dashboard-month';

describe('KpiCard', () => {
  it('shows the value and a rise with an up arrow and its sign', () => {
    renderWithProviders(<KpiCard label="Runs" value={1_250} previous={1_000} />);
    expect(screen.getByText('1,250')).toBeInTheDocument();
    const change = screen.getByText('+25%');
    expect(change.closest('[data-direction]')).toHaveAttribute('data-direction', 'up');
    expect(change.closest('[data-direction]')).toHaveTextContent('+25%vs previous month');
  });

  it('shows a fall with a minus sign, and money formatted', () => {
    renderWithProviders(
      <KpiCard
        label="Client revenue"
        value={50_000}
        previous={100_000}
        format={formatUsdCompact}
      />,
    );
    expect(screen.getByText('$500.00')).toBeInTheDocument();
    expect(screen.getByText('−50%').closest('[data-direction]')).toHaveAttribute(
      'data-direction',
      'down',
    );
  });

  it("shows '–' for a missing value and for a change with nothing to compare", () => {
    renderWithProviders(<KpiCard label="Coverage" value={null} previous={0.5} />);
    expect(screen.getByText('–')).toBeInTheDocument();
    expect(screen.getByText('– vs previous month')).toBeInTheDocument();
  });

  it('is a link to the list behind it when given one', () => {
    renderWithProviders(
      <KpiCard label="Active clients" value={4} previous={4} to="/clients/list" />,
    );
    const link = screen.getByRole('link', { name: /Active clients/ });
    expect(link).toHaveAttribute('href', '/clients/list');
    expect(link).toHaveTextContent('0%');
  });

  it('has no link and skeletons while loading', () => {
    renderWithProviders(<KpiCard label="Runs" value={0} previous={0} to="/x" loading />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});

describe('formats', () => {
  it('sign changes and round percentages', () => {
    expect(formatChange(0.045)).toBe('+4.5%');
    expect(formatChange(0.125)).toBe('+13%');
    expect(formatChange(0.256)).toBe('+26%');
    expect(formatChange(-0.5)).toBe('−50%');
    expect(formatChange(0.0001)).toBe('0%');
    expect(formatChange(12)).toBe('+1,200%');
    expect(formatPercent(0.4567)).toBe('45.7%');
    expect(formatPercent(1)).toBe('100%');
  });
});

describe('TopFiveList', () => {
  it('ranks the rows with links and formatted values', () => {
    renderWithProviders(
      <TopFiveList
        title="Top bots by revenue"
        rows={[
          { id: 'b1', key: 'Upsell Finder', value: 250_000 },
          { id: null, key: 'Unassigned', value: 99 },
        ]}
        format={formatUsdCompact}
        getHref={(row) => (row.id ? `/bot/detail/${row.id}` : null)}
        emptyText="No Bots Found"
      />,
    );
    const list = screen.getByRole('region', { name: 'Top bots by revenue' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Upsell Finder' })).toHaveAttribute(
      'href',
      '/bot/detail/b1',
    );
    expect(items[0]).toHaveTextContent('$2.5K');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Unassigned$0.99');
  });

  it('shows the empty text for an empty month', () => {
    renderWithProviders(<TopFiveList title="Top bots" rows={[]} emptyText="No Bots Found" />);
    expect(screen.getByText('No Bots Found')).toBeInTheDocument();
  });
});

describe('DashboardError', () => {
  it('offers Try again', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<DashboardError error={new Error('Server down')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

const NOW = new Date(2025, 4, 15);

function MonthProbe() {
  const { month, query, setMonth } = useDashboardMonth(NOW);
  const location = useLocation();
  return (
    <>
      <DashboardMonthBar month={month} answeredMonth="05/01/2025" onChange={setMonth} now={NOW} />
      <p data-testid="query">{JSON.stringify(query)}</p>
      <p data-testid="search">{location.search}</p>
    </>
  );
}

function renderMonth(url: string) {
  renderWithProviders(
    <Routes>
      <Route path="/publisher/dashboard" element={<MonthProbe />} />
    </Routes>,
    { route: url },
  );
}

describe('useDashboardMonth and DashboardMonthBar', () => {
  it('default to the month the server answered for, with no month in the query', () => {
    renderMonth('/publisher/dashboard');
    expect(screen.getByRole('button', { name: 'Dashboard month: 05/2025' })).toBeInTheDocument();
    expect(screen.getByTestId('query')).toHaveTextContent('{}');
  });

  it('keep the chosen month in the URL and the query', async () => {
    renderMonth('/publisher/dashboard?month=03/01/2025');
    expect(screen.getByTestId('query')).toHaveTextContent('{"month":"03/01/2025"}');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dashboard month: 03/2025' }));
    await user.click(await screen.findByRole('button', { name: 'January 2025' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?month=01%2F01%2F2025');
    expect(screen.getByTestId('query')).toHaveTextContent('{"month":"01/01/2025"}');
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });

  it('ignore a malformed or future month', () => {
    renderMonth('/publisher/dashboard?month=09/01/2025');
    expect(screen.getByTestId('query')).toHaveTextContent('{}');
  });

  it('show this month on this device before the answer arrives', () => {
    expect(shownMonth(null, undefined, NOW)).toBe('05/01/2025');
    expect(shownMonth('02/01/2024', '05/01/2025', NOW)).toBe('02/01/2024');
  });
});
