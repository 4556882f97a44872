import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MonthPicker } from './month-picker';
import { isFutureMonth, monthLabel, parseMonthValue, toMonthValue } from './month-value';

// 15 May 2025, local time.
const NOW = new Date(2025, 4, 15);

function Controlled({
  initial = null,
  onChange,
}: {
  initial?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <MonthPicker
      value={value}
      now={NOW}
      label="Filter by month"
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function renderPicker(initial: string | null = null) {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <Controlled initial={initial} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('month values', () => {
  it('are MM/01/YYYY and read back', () => {
    expect(toMonthValue({ year: 2024, month: 3 })).toBe('03/01/2024');
    expect(parseMonthValue('11/01/2023')).toEqual({ year: 2023, month: 11 });
    expect(monthLabel({ year: 2023, month: 11 })).toBe('11/2023');
  });

  it('reject anything else', () => {
    expect(parseMonthValue('13/01/2023')).toBeNull();
    expect(parseMonthValue('03/15/2023')).toBeNull();
    expect(parseMonthValue('')).toBeNull();
    expect(parseMonthValue(null)).toBeNull();
  });

  it('treat later months of this year and later years as future', () => {
    expect(isFutureMonth({ year: 2025, month: 5 }, NOW)).toBe(false);
    expect(isFutureMonth({ year: 2025, month: 6 }, NOW)).toBe(true);
    expect(isFutureMonth({ year: 2026, month: 1 }, NOW)).toBe(true);
    expect(isFutureMonth({ year: 2024, month: 12 }, NOW)).toBe(false);
  });
});

describe('MonthPicker', () => {
  it("reads 'Select Date' with no value and has no clear icon", () => {
    renderPicker();
    expect(screen.getByRole('button', { name: 'Filter by month: Select Date' })).toHaveTextContent(
      'Select Date',
    );
    expect(screen.queryByRole('button', { name: 'Clear date' })).not.toBeInTheDocument();
  });

  it('sets MM/01/YYYY on choosing a month, closes and shows MM/YYYY', async () => {
    const { onChange, user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    await user.click(await screen.findByRole('button', { name: 'March 2025' }));
    expect(onChange).toHaveBeenLastCalledWith('03/01/2025');
    expect(screen.queryByRole('button', { name: 'March 2025' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter by month: 03/2025' })).toHaveTextContent(
      '03/2025',
    );
  });

  it('disables the future months of the current year and the next year', async () => {
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    expect(await screen.findByRole('button', { name: 'May 2025' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'June 2025' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'December 2025' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next year' })).toBeDisabled();
  });

  it('goes back a year, where every month can be chosen', async () => {
    const { onChange, user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Filter by month: Select Date' }));
    await user.click(await screen.findByRole('button', { name: 'Previous year' }));
    expect(screen.getByTestId('month-picker-year')).toHaveTextContent('2024');
    expect(screen.getByRole('button', { name: 'Next year' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'December 2024' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'December 2024' }));
    expect(onChange).toHaveBeenLastCalledWith('12/01/2024');
  });

  it('opens on the chosen year with the chosen month pressed', async () => {
    const { user } = renderPicker('07/01/2023');
    await user.click(screen.getByRole('button', { name: 'Filter by month: 07/2023' }));
    expect(await screen.findByRole('button', { name: 'July 2023' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('month-picker-year')).toHaveTextContent('2023');
  });

  it('clears the value with the clear icon', async () => {
    const { onChange, user } = renderPicker('07/01/2023');
    await user.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Filter by month: Select Date' })).toHaveTextContent(
      'Select Date',
    );
  });
});
