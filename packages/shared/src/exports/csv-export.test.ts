import { describe, expect, it } from 'vitest';
import { customersExportQuerySchema, exportFileName, neutraliseCell } from './csv-export';

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
  });
});
