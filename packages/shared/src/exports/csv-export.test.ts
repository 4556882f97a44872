import { describe, expect, it } from 'vitest';
import {
  clientsExportQuerySchema,
  customersExportQuerySchema,
  exportFileName,
  interactionsExportPath,
  invoicesExportQuerySchema,
  neutraliseCell,
  outputTagsText,
  teamExportQuerySchema,
  transactionsExportQuerySchema,
} from './csv-export';

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+12', '-3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("x")']) {
      expect(neutraliseCell(cell), cell).toBe(`'${cell}`);
    }
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', 'Acme', '12', 'a=b', "O'Brien", ' =x', 'é@x']) {
      expect(neutraliseCell(cell), cell).toBe(cell);
    }
  });
});

describe('the export file', () => {
  it('is named after the list and the day (UTC)', () => {
    expect(exportFileName('customers', new Date('2026-12-06T23:59:00Z'))).toBe(
      'customers-2026-12-06.csv',
    );
  });

  it('takes the list query without its page', () => {
    expect(customersExportQuerySchema.parse({ page: '3', keyword: ' smith ' })).toEqual({
      keyword: 'smith',
      sort_by: 'name',
      sort_direction: 'asc',
    });
    expect(teamExportQuerySchema.parse({ page: '2', status: 'invited' })).toEqual({
      status: 'invited',
      sort_by: 'name',
      sort_direction: 'asc',
    });
    expect(clientsExportQuerySchema.parse({ page: '2', month: '03/01/2025' })).toEqual({
      month: '03/01/2025',
      sort_by: 'name',
      sort_direction: 'asc',
    });
    expect(invoicesExportQuerySchema.parse({ page: '2' })).toEqual({
      sort: 'date',
      direction: 'desc',
    });
    expect(transactionsExportQuerySchema.parse({ page: '2', status: 'failed' })).toEqual({
      status: ['failed'],
      sort: 'payment_date',
      direction: 'desc',
    });
  });

  it("puts a customer's interactions export under its list", () => {
    expect(interactionsExportPath('c1')).toBe('/api/company/interactions/c1/export');
  });
});

describe("a bot's findings in one cell", () => {
  it('pairs each label with what was found, a dash when nothing was', () => {
    expect(
      outputTagsText([
        { label: 'Plan offered', data: 'Yes, the annual plan' },
        { label: 'Price', data: null },
      ]),
    ).toBe('Plan offered: Yes, the annual plan; Price: –');
    expect(outputTagsText([])).toBe('');
  });
});
