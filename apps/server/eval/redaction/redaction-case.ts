import type { PiiKind, RedactPiiOptions } from '@fieldbot/shared';

/** One labelled sentence of the redaction set: the exact substrings that must be masked. */
export interface RedactionCase {
  text: string;
  options: RedactPiiOptions;
  /** Every piece of PII, by kind and exact text; [] for a near miss that must stay as it is. */
  expected: { kind: PiiKind; text: string }[];
}

export const pii = (text: string, ...expected: [PiiKind, string][]): RedactionCase => ({
  text,
  options: {},
  expected: expected.map(([kind, quote]) => ({ kind, text: quote })),
});

export const clean = (text: string): RedactionCase => ({ text, options: {}, expected: [] });

/** The same case read with a company's e-mail or phone masking turned on. */
export const withOptions = (options: RedactPiiOptions, c: RedactionCase): RedactionCase => ({
  ...c,
  options,
});
