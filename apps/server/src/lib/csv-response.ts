import { Readable } from 'node:stream';
import { CSV_EXPORT_BATCH, neutraliseCell } from '@fieldbot/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** Reads one batch of rows at an offset; fewer than asked means the last one. */
export type BatchReader<T> = (offset: number, limit: number) => Promise<T[]>;

const cell = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : neutraliseCell(String(value));

/**
 * The export as a stream of CSV text: a UTF-8 byte order mark (Excel then reads the file as
 * UTF-8), the header, then the rows, one batch read from the database at a time and only when the
 * client has taken the previous one (Readable.from pulls as the socket drains), so a long export
 * holds one batch in memory, never the file. Lines end in CRLF (RFC 4180).
 */
export function csvStream<T>(columns: readonly CsvColumn<T>[], read: BatchReader<T>): Readable {
  const line = (cells: string[]) => stringify([cells], { record_delimiter: 'windows' });
  async function* lines() {
    yield `\uFEFF${line(columns.map((column) => column.header))}`;
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
