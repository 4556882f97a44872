import type { ByteRange } from '../../providers/storage/index.js';

/**
 * Reads an HTTP Range header (RFC 9110 §14.2) into the byte range to serve, or null to serve the
 * whole file with 200: no header, another unit than bytes, or a malformed range set (which the
 * RFC says to ignore). Of several ranges only the first is served, as a single-part 206: media
 * players ask for one range at a time, and a multipart/byteranges body is of no use to them.
 * Whether the range fits the file (416) is decided once its size is known.
 */
export function parseRangeHeader(header: string | string[] | undefined): ByteRange | null {
  if (typeof header !== 'string') return null;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return null;
  const ranges: ByteRange[] = [];
  for (const part of match[1]!.split(',')) {
    const spec = part.trim();
    if (spec === '') continue;
    const bounds = /^(\d{0,16})-(\d{0,16})$/.exec(spec);
    if (!bounds) return null;
    const [, first, last] = bounds as unknown as [string, string, string];
    if (first === '' && last === '') return null;
    if (first === '') {
      ranges.push({ suffix: Number(last) });
    } else if (last === '') {
      ranges.push({ start: Number(first) });
    } else {
      if (Number(last) < Number(first)) return null;
      ranges.push({ start: Number(first), end: Number(last) });
    }
  }
  return ranges[0] ?? null;
}
