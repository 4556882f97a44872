import type { z } from 'zod';
import { customerListQuerySchema } from '../interactions/interaction.schema';

/** GET: the customers list as CSV, filtered and sorted like the list on screen (no paging). */
export const customersExportPath = '/api/company/customers/export';

/** The customers export's query: the list's, without the page. */
export const customersExportQuerySchema = customerListQuerySchema.omit({ page: true });
export type CustomerExportQuery = z.infer<typeof customersExportQuerySchema>;

/** Rows read from the database per round trip while an export streams. */
export const CSV_EXPORT_BATCH = 1000;

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that some spreadsheets skip) gets a leading apostrophe, so Excel and Sheets show it as
 * text instead of running it (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `customers-2026-12-06.csv`: the list's name and the day it was taken. */
export function exportFileName(list: string, now: Date): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}
