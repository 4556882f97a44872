import { Readable } from 'node:stream';
import { CSV_EXPORT_BATCH, centsToMoneyText, neutraliseCell } from '@fieldbot/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A number this code formatted as text (an amount with its two decimals): written as it is, so a
 * negative amount stays a number a spreadsheet sums instead of neutralised text. Text from users
 * never takes this path.
 */
export interface CsvNumber {
  readonly numberText: string;
}

/** Integer cents as dollars with two decimals and no currency sign: 1234 → 12.34. */
export const csvDollars = (cents: number): CsvNumber => ({ numberText: centsToMoneyText(cents) });

export type CsvValue = string | number | boolean | null | undefined | CsvNumber;

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** Reads one batch of rows at an offset; fewer than asked means the last one. */
export type BatchReader<T> = (offset: number, limit: number) => Promise<T[]>;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.numberText;
  return neutraliseCell(String(value));
}

/**
 * The export as a stream of CSV text: a UTF-8 byte order mark (Excel then reads the file as
 * UTF-8), the header, then the rows, one batch read from the database at a time and only when the
 * client has taken the previous one (Readable.from pulls as the socket drains), so a long export
 * holds one batch in memory, never the file. Lines end in CRLF (RFC 4180).
 */
export function csvStream<T>(columns: readonly CsvColumn<T>[], read: BatchReader<T>): Readable {
  const line = (cells: string[]) => stringify([cells], { record_delimiter: 'windows' });
  async function* lines() {
    // Headers are neutralised too: some name what users typed (a bot's name).
    yield `\uFEFF${line(columns.map((column) => neutraliseCell(column.header)))}`;
    for (let offset = 0; ; offset += CSV_EXPORT_BATCH) {
      const rows = await read(offset, CSV_EXPORT_BATCH);
      if (rows.length > 0) {
        yield stringify(
          rows.map((row) => columns.map((column) => cell(column.value(row)))),
          { record_delimiter: 'windows' },
        );
      }
      if (rows.length < CSV_EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
}

/** Sends the stream as a download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
