import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';

/** The cells of a CSV export, header first, without its byte order mark; every line as wide as the header. */
export function csvRows(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
}

/**
 * Downloads an export and checks the file's frame: 200, a UTF-8 CSV attachment named
 * `<list>-<day>.csv`, a byte order mark, CRLF line ends. Answers its cells, header first.
 */
export async function downloadCsv(client: ApiClient, url: string, list: string) {
  const res = await client.get(url);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(res.headers['content-disposition'])).toMatch(
    new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(res.text.startsWith('\uFEFF')).toBe(true);
  expect(res.text).toMatch(/^[^\n]*\r\n/);
  expect(res.text.endsWith('\r\n')).toBe(true);
  return csvRows(res.text);
}

/** Every row of a paged list, page after page until its count: what its export must hold. */
export async function allPages<T>(
  page: (n: number) => Promise<{ items: T[]; count: number }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let n = 1; ; n += 1) {
    const { items, count } = await page(n);
    rows.push(...items);
    if (items.length === 0 || rows.length >= count) return rows;
  }
}
