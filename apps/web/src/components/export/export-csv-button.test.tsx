import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ExportCsvButton } from './export-csv-button';

describe('ExportCsvButton', () => {
  it("links to the export with the list's filters and sort, never its page", () => {
    renderWithProviders(
      <ExportCsvButton
        path="/api/company/customers/export"
        query={{ page: 3, keyword: 'smith & co', type: undefined, sort_by: 'name' }}
      />,
    );
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute(
      'href',
      '/api/company/customers/export?keyword=smith+%26+co&sort_by=name',
    );
    expect(link).toHaveAttribute('download');
  });
});
