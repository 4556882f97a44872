import { describe, expect, it } from 'vitest';
import { REFERENCE_FILE_MAX_MB, referenceFileError } from './reference-files';

const file = (name: string, size = 1000) => ({ name, size });

describe('referenceFileError', () => {
  it('accepts the uploader types (spec §5) under the size limit', () => {
    for (const name of ['a.pdf', 'b.TXT', 'c.csv', 'd.docx', 'e.xlsx', 'f.xls']) {
      expect(referenceFileError(file(name), [])).toBeNull();
    }
  });

  it('refuses other types with the spec §8 text', () => {
    expect(referenceFileError(file('script.exe'), [])).toBe(
      'The file type must be one of: .pdf, .txt, .csv, .docx, .xlsx, .xls',
    );
  });

  it('refuses a file over the limit', () => {
    expect(referenceFileError(file('big.pdf', REFERENCE_FILE_MAX_MB * 1_000_000 + 1), [])).toBe(
      `The file size must not be greater than ${REFERENCE_FILE_MAX_MB}Mb`,
    );
  });

  it('refuses a duplicate name and a fourth file', () => {
    expect(referenceFileError(file('Prices.pdf'), [{ name: 'prices.pdf' }])).toBe(
      'File Prices.pdf is already uploaded.',
    );
    expect(
      referenceFileError(file('d.pdf'), [{ name: 'a.pdf' }, { name: 'b.pdf' }, { name: 'c.pdf' }]),
    ).toBe('Max 3 files can be uploaded.');
  });
});
