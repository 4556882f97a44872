import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breachedEntries, buildBreachedFilter } from '../../scripts/build-breached-passwords.js';
import { BREACHED_FALSE_POSITIVE_RATE, BREACHED_FILTER_FILE } from './breached-passwords.js';
import {
  containsPersonalWord,
  hashPassword,
  isBreachedPassword,
  passwordProblem,
  verifyPassword,
} from './password.js';

describe('password hashing', () => {
  it('hashes with Argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Demo@12345');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'Demo@12345')).toBe(true);
    expect(await verifyPassword(stored, 'Demo@12346')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Demo@12345')).toBe(false);
  });
});

describe('password policy', () => {
  it.each(['Password1!', 'Qwerty123!', 'Summer2024!', 'P@55w0rd1', 'Aa1!Aa1!', 'Demo@12345'])(
    'refuses %s as breached or published',
    (password) => {
      expect(isBreachedPassword(password)).toBe(true);
      expect(passwordProblem(password)).toBe('breached');
    },
  );

  it('refuses the product name and the owner’s own e-mail and name', () => {
    expect(passwordProblem('Fieldbot1!')).toBe('personal');
    expect(passwordProblem('F1eldb0t#2026')).toBe('personal');
    const owner = { email: 'maria.gonzalez@acme-plumbing.test', name: 'Maria Gonzalez' };
    expect(passwordProblem('Gonzalez#1988', owner)).toBe('personal');
    expect(passwordProblem('Xq!acme-plumbing9', owner)).toBe('personal');
    expect(containsPersonalWord('Zq7!mWv2@pLx', owner)).toBe(false);
  });

  it('accepts a strong uncommon password and refuses a weak one by policy', () => {
    expect(passwordProblem('Zq7!mWv2@pLx')).toBeNull();
    expect(passwordProblem('Tr4m-Kettle-Vq9')).toBeNull();
    expect(passwordProblem('short1!')).toBe('policy');
  });
});

describe('breached-password filter', () => {
  it('is the committed build of the breached lists, at the documented false-positive rate', () => {
    const entries = breachedEntries();
    expect(entries.size).toBeGreaterThan(400_000);
    const built = buildBreachedFilter(entries);
    expect(built.falsePositiveRate(entries.size)).toBeLessThanOrEqual(
      BREACHED_FALSE_POSITIVE_RATE * 1.01,
    );
    expect(readFileSync(BREACHED_FILTER_FILE).equals(built.toBuffer())).toBe(true);
  }, 60_000);
});
