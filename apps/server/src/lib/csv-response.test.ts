import { CSV_EXPORT_BATCH } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { csvDollars, csvStream, type CsvColumn } from './csv-response.js';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('csvStream', () => {
  it('neutralises user text, headers included, but writes amounts as numbers', async () => {
    const columns: CsvColumn<{ name: string; cents: number }>[] = [
      { header: '=Bot', value: (row) => row.name },
      { header: 'Amount (USD)', value: (row) => csvDollars(row.cents) },
    ];
    const rows = [
      { name: '-1', cents: -1234 },
      { name: '@x', cents: 5 },
    ];
    expect(await text(csvStream(columns, async () => rows))).toBe(
      "\uFEFF'=Bot,Amount (USD)\r\n'-1,-12.34\r\n'@x,0.05\r\n",
    );
  });

  it('reads batch after batch until one comes back short', async () => {
    const offsets: number[] = [];
    const total = CSV_EXPORT_BATCH + 2;
    const stream = csvStream([{ header: 'n', value: (n: number) => n }], async (offset, limit) => {
      offsets.push(offset);
      return Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, i) => offset + i,
      );
    });
    const lines = (await text(stream)).split('\r\n');
    expect(offsets).toEqual([0, CSV_EXPORT_BATCH]);
    expect(lines).toHaveLength(1 + total + 1);
    expect(lines.at(-2)).toBe(String(total - 1));
  });
});
