import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { servedInline, sniffType, storedType } from './file-types.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
/** A zip that is not an Office document. */
const ZIP = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');

const sniff = async (bytes: Buffer) => {
  const { stream, detected } = await sniffType(Readable.from([bytes]));
  // The stream still carries every byte after the sniffing.
  expect((await buffer(stream)).equals(bytes)).toBe(true);
  return detected;
};

describe('stored type of an upload', () => {
  it('is read from the bytes, not from the name or the declared type', async () => {
    expect(storedType('profile', 'png', await sniff(PNG))).toBe('image/png');
    expect(storedType('company-logo', 'jpg', await sniff(PNG))).toBe('image/png');
    expect(storedType('documents', 'pdf', await sniff(PDF))).toBe('application/pdf');
  });

  it('refuses bytes of another kind than the folder takes', async () => {
    expect(storedType('profile', 'png', await sniff(HTML))).toBeNull();
    expect(storedType('profile', 'png', await sniff(PDF))).toBeNull();
    expect(storedType('documents', 'pdf', await sniff(PNG))).toBeNull();
    expect(storedType('documents', 'docx', await sniff(ZIP))).toBeNull();
    expect(storedType('recordings', 'webm', await sniff(PNG))).toBeNull();
  });

  it('knows an .xlsx whose [Content_Types].xml comes after the sheets (LibreOffice, SheetJS)', async () => {
    const xlsx = await readFile(
      new URL('../../../test/fixtures/bot-files/price-book.xlsx', import.meta.url),
    );
    // Read in small chunks, as an upload arrives.
    const chunks = Array.from({ length: Math.ceil(xlsx.length / 1000) }, (_, i) =>
      xlsx.subarray(i * 1000, (i + 1) * 1000),
    );
    const { stream, detected } = await sniffType(Readable.from(chunks));
    expect((await buffer(stream)).equals(xlsx)).toBe(true);
    expect(storedType('bot-files', 'xlsx', detected)).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('types text by its slot, and keeps headerless recording chunks as opaque data', async () => {
    expect(storedType('documents', 'txt', await sniff(HTML))).toBe('text/plain');
    expect(storedType('documents', 'csv', await sniff(Buffer.from('a,b\n')))).toBe('text/csv');
    expect(storedType('documents', 'pdf', await sniff(HTML))).toBeNull();
    expect(storedType('recordings', 'webm', await sniff(Buffer.alloc(300)))).toBe(
      'application/octet-stream',
    );
  });

  it('names recorded containers as audio', () => {
    expect(storedType('recordings', 'webm', { ext: 'webm', mime: 'video/webm' })).toBe(
      'audio/webm',
    );
    expect(storedType('recordings', 'm4a', { ext: 'mp4', mime: 'video/mp4' })).toBe('audio/mp4');
    expect(storedType('recordings', 'ogg', { ext: 'opus', mime: 'audio/ogg; codecs=opus' })).toBe(
      'audio/ogg',
    );
    expect(storedType('recordings', 'mp3', { ext: 'mp3', mime: 'audio/mpeg' })).toBe('audio/mpeg');
  });
});

describe('served inline', () => {
  it('are pictures and sound only', () => {
    for (const type of ['image/png', 'image/jpeg', 'audio/mpeg', 'audio/webm', 'audio/ogg']) {
      expect(servedInline(type), type).toBe(true);
    }
    for (const type of [
      'application/pdf',
      'text/plain',
      'text/html',
      'image/svg+xml',
      'application/octet-stream',
    ]) {
      expect(servedInline(type), type).toBe(false);
    }
  });
});
