import * as XLSX from '@e965/xlsx';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';

/**
 * Reference files: a bot's reference document to plain text, once, when it is
 * attached. Well-kept parsers per format: unpdf (PDF.js, no native code) for PDF, mammoth for DOCX,
 * SheetJS for xlsx and xls (each sheet as CSV lines), and text files decoded as UTF-8.
 */

/**
 * Characters kept per file. Engines get every file's text within their own token budget; this only
 * bounds what one upload stores (a 300-page catalogue is cut, and the publisher sees text_chars).
 */
export const REFERENCE_TEXT_MAX_CHARS = 100_000;

/** Rows read per sheet: enough for any price book, and a bound on a sheet padded to 1M rows. */
const SHEET_ROWS_MAX = 5_000;

/** The bytes could not be read as the document they claim to be. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS_TYPE = 'application/vnd.ms-excel';

/** Page by page, stopping once the kept length is reached: a long catalogue is not read to the end. */
async function pdfText(bytes: Buffer): Promise<string> {
  // verbosity 0: PDF.js would print its repair notes for damaged files to the server's console.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages && length <= REFERENCE_TEXT_MAX_CHARS; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n\n');
  } finally {
    // Frees the parsed document (PDF.js keeps it until its loading task is destroyed).
    await pdf.loadingTask.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

function spreadsheetText(bytes: Buffer): string {
  const book = XLSX.read(bytes, {
    type: 'buffer',
    sheetRows: SHEET_ROWS_MAX,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    const csv = sheet ? XLSX.utils.sheet_to_csv(sheet, { blankrows: false }) : '';
    return `${name}\n${csv}`;
  }).join('\n\n');
}

function plainText(bytes: Buffer): string {
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Trailing spaces, runs of blank lines and Windows line ends removed; cut to the limit. */
export function tidyText(text: string, max = REFERENCE_TEXT_MAX_CHARS): string {
  const tidy = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (tidy.length <= max) return tidy;
  // Never end on half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(tidy[max - 1] ?? '') ? max - 1 : max;
  return tidy.slice(0, end);
}

/**
 * The text of a stored reference file. `contentType` is the type detected from its bytes at upload
 * (files module; text formats, which have no signature, are typed by their name's extension).
 */
export async function extractReferenceText(bytes: Buffer, contentType: string): Promise<string> {
  try {
    switch (contentType.split(';')[0]!.trim()) {
      case 'application/pdf':
        return tidyText(await pdfText(bytes));
      case DOCX:
        return tidyText(await docxText(bytes));
      case XLSX_TYPE:
      case XLS_TYPE:
        return tidyText(spreadsheetText(bytes));
      case 'text/plain':
      case 'text/csv':
        return tidyText(plainText(bytes));
      default:
        throw new UnreadableDocumentError(`No text extractor for ${contentType}`);
    }
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError('The document could not be read', { cause: error });
  }
}
