import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DataTable, type DataTableColumn } from './data-table';
import { nextSort, type SortState } from './sort';

interface Row {
  id: string;
  name: string;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (r) => r.name },
  { key: 'id', header: 'Code', render: (r) => r.id },
];

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, name: `Row ${i + 1}` }));

function renderTable(
  props: Partial<Parameters<typeof DataTable<Row>>[0]> & {
    sortState?: SortState;
    onSortChange?: (s: SortState) => void;
    page?: number;
    total?: number;
    onPageChange?: (p: number) => void;
  } = {},
) {
  const {
    sortState = { sortBy: 'name', sortDirection: 'asc' },
    onSortChange = vi.fn(),
    page = 1,
    total = 3,
    onPageChange = vi.fn(),
    ...others
  } = props;
  return renderWithProviders(
    <DataTable<Row>
      rowsName="Widgets"
      columns={COLUMNS}
      rows={rows(3)}
      rowKey={(r) => r.id}
      sort={{ ...sortState, onSortChange }}
      pagination={{ page, total, onPageChange }}
      {...others}
    />,
  );
}

describe('nextSort', () => {
  it('sorts a new column ascending and flips the sorted one', () => {
    expect(nextSort({ sortBy: 'name', sortDirection: 'asc' }, 'type')).toEqual({
      sortBy: 'type',
      sortDirection: 'asc',
    });
    expect(nextSort({ sortBy: 'name', sortDirection: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortDirection: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortDirection: 'desc' }, 'name')).toEqual({
      sortBy: 'name',
      sortDirection: 'asc',
    });
  });
});

describe('DataTable', () => {
  it('renders the rows under their headers, with only sortable columns as buttons', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Widgets' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Row 2')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Code' })).not.toBeInTheDocument();
  });

  it('labels every cell with its column, for the stacked cards of a phone', () => {
    renderTable();
    const row = screen.getByText('Row 2').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Name', 'Code']);
  });

  it('marks the sorted column and toggles its direction on each click', async () => {
    const onSortChange = vi.fn();
    function Harness() {
      const [sort, setSort] = useState<SortState>({ sortBy: 'name', sortDirection: 'asc' });
      return (
        <DataTable<Row>
          rowsName="Widgets"
          columns={COLUMNS}
          rows={rows(3)}
          rowKey={(r) => r.id}
          sort={{
            ...sort,
            onSortChange: (next) => {
              onSortChange(next);
              setSort(next);
            },
          }}
        />
      );
    }
    renderWithProviders(<Harness />);
    const header = () => screen.getByRole('columnheader', { name: 'Name' });
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortDirection: 'desc' });
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortDirection: 'asc' });
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts an unsorted column ascending', async () => {
    const onSortChange = vi.fn();
    renderTable({ onSortChange, sortState: { sortBy: 'created_at', sortDirection: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ sortBy: 'name', sortDirection: 'asc' });
  });

  it("shows 'No {rows} Found' for an empty page", () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No Widgets Found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows skeleton rows while the first page loads, and the error instead of rows', () => {
    const { unmount } = renderTable({ rows: undefined, loading: true });
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    unmount();

    renderTable({ error: <p>Server says no</p> });
    expect(screen.getByText('Server says no')).toBeInTheDocument();
    expect(screen.queryByText('Row 1')).not.toBeInTheDocument();
  });

  it("shows 'Showing x to y of z entries' for the page", () => {
    renderTable({ page: 3, total: 25 });
    expect(screen.getByText('Showing 21 to 25 of 25 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows one sibling page each side of the current one, with ellipses', () => {
    const { container } = renderTable({ page: 10, total: 200 });
    const nav = screen.getByRole('navigation', { name: 'Widgets pages' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page / })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '20']);
    expect(container.querySelectorAll('.mantine-Pagination-dots')).toHaveLength(2);
  });

  it('shows no ellipsis near the start', () => {
    const { container } = renderTable({ page: 1, total: 50 });
    const pages = screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '2', '3', '4', '5']);
    expect(container.querySelectorAll('.mantine-Pagination-dots')).toHaveLength(0);
  });

  it('asks for the chosen page, and the next one', async () => {
    const onPageChange = vi.fn();
    renderTable({ page: 2, total: 45, onPageChange });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });
});
