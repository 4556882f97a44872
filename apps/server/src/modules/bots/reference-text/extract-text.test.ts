import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_TEXT_MAX_CHARS,
  UnreadableDocumentError,
  extractReferenceText,
  tidyText,
} from './extract-text.js';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test/fixtures/bot-files',
);
const fixture = (name: string) => readFile(path.join(FIXTURES, name));

describe('reference text extraction', () => {
  it('reads the words of a PDF', async () => {
    const text = await extractReferenceText(await fixture('plan-brochure.pdf'), 'application/pdf');
    expect(text).toContain('Comfort Club plan brochure: two tune-ups a year for $179.');
  });

  it('reads the paragraphs of a DOCX, one per line', async () => {
    const text = await extractReferenceText(
      await fixture('call-script.docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(text).toBe(
      'Call script: greet the customer by name.\n\nOffer the Comfort Club maintenance plan at $14.99 a month.',
    );
  });

  it('reads every sheet of an xlsx and an xls as named CSV blocks', async () => {
    const expected =
      'Prices\nService,Price\nTune-up,89\nFurnace repair,349\n\nPlans\nPlan,Monthly\nComfort Club,14.99';
    const xlsx = await extractReferenceText(
      await fixture('price-book.xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx).toBe(expected);
    const xls = await extractReferenceText(
      await fixture('price-book.xls'),
      'application/vnd.ms-excel',
    );
    expect(xls).toBe(expected);
  });

  it('decodes text and CSV as UTF-8 without the byte-order mark or Windows line ends', async () => {
    expect(await extractReferenceText(await fixture('notes.txt'), 'text/plain')).toBe(
      'Ask about the thermostat.\nMention the 10% discount.',
    );
    expect(await extractReferenceText(await fixture('price-list.csv'), 'text/csv')).toBe(
      'Service,Price\nTune-up,$89\nDrain cleaning,$149',
    );
  });

  it('refuses bytes that are not the document their type says', async () => {
    const notPdf = Buffer.from('%PDF-1.4 and then nothing a PDF reader understands');
    await expect(extractReferenceText(notPdf, 'application/pdf')).rejects.toBeInstanceOf(
      UnreadableDocumentError,
    );
    await expect(
      extractReferenceText(await fixture('notes.txt'), 'image/png'),
    ).rejects.toBeInstanceOf(UnreadableDocumentError);
  });
});

describe('tidyText', () => {
  it('collapses blank runs and spaces, and cuts to the limit without splitting a character', () => {
    expect(tidyText('  a \t b  \n\n\n\n c \r\n')).toBe('a b\n\nc');
    expect(tidyText('x'.repeat(REFERENCE_TEXT_MAX_CHARS + 10))).toHaveLength(
      REFERENCE_TEXT_MAX_CHARS,
    );
    // An emoji is two UTF-16 units: a cut between them would leave a broken character.
    const cut = tidyText(`ab😀cd`, 3);
    expect(cut).toBe('ab');
  });
});
