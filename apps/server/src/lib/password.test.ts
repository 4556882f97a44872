import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, passwordProblem, verifyPassword } from './password.js';

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
  it('refuses passwords from the breached list, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(passwordProblem('Password1!')).toBe('breached');
    expect(passwordProblem('Qwerty123!')).toBe('breached');
  });
  it('accepts a strong uncommon password and refuses a weak one by policy', () => {
    expect(passwordProblem('Demo@12345')).toBeNull();
    expect(passwordProblem('Zq7!mWv2@pLx')).toBeNull();
    expect(passwordProblem('short1!')).toBe('policy');
  });
});
