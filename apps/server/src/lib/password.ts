import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isValidPassword } from '@fieldbot/shared';

/** Argon2id (the library default) with OWASP's recommended cost: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check for an unknown e-mail, so response time does not reveal
 * which addresses have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('Dummy-password-for-timing-1!');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The zxcvbn common-password list (~49k entries from breach corpora), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  // 'Password1!' is 'password1' plus decoration: strip trailing specials and digits too.
  const core = lower.replace(/[^a-z0-9]+$/u, '');
  return core !== lower && common.has(core);
}

/** The spec's policy (shared) plus refusal of breached passwords. */
export function passwordProblem(password: string): 'policy' | 'breached' | null {
  if (!isValidPassword(password)) return 'policy';
  if (isCommonPassword(password)) return 'breached';
  return null;
}
