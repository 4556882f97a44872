import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BloomFilter } from './bloom-filter.js';

/** Built by scripts/build-breached-passwords.ts from about 470,000 breached passwords. */
export const BREACHED_FILTER_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'breached-passwords.bloom',
);

/**
 * One lookup in 1,000 of a password that is not in the lists says it is; a new password is looked
 * up in up to four forms, so about 1 strong password in 300 is refused as breached by mistake
 * (the user picks another; nothing else depends on it).
 */
export const BREACHED_FALSE_POSITIVE_RATE = 0.001;

/** Entries and lookups alike are lower-cased; forms shorter than 4 characters are not looked up. */
export const MIN_BREACHED_LENGTH = 4;

export function normalizeBreachedEntry(raw: string): string | null {
  const entry = raw.trim().toLowerCase();
  return entry.length >= MIN_BREACHED_LENGTH ? entry : null;
}

let filter: BloomFilter | undefined;
/** Whether this (normalised) form is in the breached lists, give or take the false positives. */
export function inBreachedList(form: string): boolean {
  const entry = normalizeBreachedEntry(form);
  if (entry === null) return false;
  filter ??= BloomFilter.fromBuffer(readFileSync(BREACHED_FILTER_FILE));
  return filter.has(entry);
}
