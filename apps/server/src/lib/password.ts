import { hash, verify } from '@node-rs/argon2';
import { isValidPassword } from '@fieldbot/shared';
import { inBreachedList } from './breached-passwords.js';

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

/** Words every attacker tries first against this product; the demo password is published. */
const PRODUCT_WORDS = ['fieldbot'];
const PUBLISHED_PASSWORDS = new Set(['demo@12345']);

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const unleet = (text: string) => text.replace(/[013457@$]/g, (c) => LEET[c] ?? c);
const lettersOnly = (text: string) => text.replace(/[^a-z]/g, '');

/**
 * The forms a guesser derives from a dictionary word: as typed, without the trailing digits and
 * symbols that policies force ('Summer2024!'), and with common letter swaps undone ('P@55w0rd1').
 */
function guessableForms(lower: string): string[] {
  const withoutSuffix = lower.replace(/[^a-z]+$/, '');
  return [
    ...new Set([
      lower,
      lower.replace(/[^a-z0-9]+$/, ''),
      lettersOnly(lower),
      lettersOnly(unleet(withoutSuffix)),
    ]),
  ];
}

/** 'Aa1!Aa1!', 'abcabcabc': a short block repeated. */
const isRepeatedBlock = (lower: string) => /^(.{1,4})\1+$/su.test(lower);

export function isBreachedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (PUBLISHED_PASSWORDS.has(lower) || isRepeatedBlock(lower)) return true;
  return guessableForms(lower).some(inBreachedList);
}

/** Who is choosing the password: its words are the first an attacker who knows them tries. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** Parts of the e-mail (local part and domain labels, not the top-level domain) and of the name. */
function personalWords(owner: PasswordOwner): string[] {
  const words = [...PRODUCT_WORDS];
  if (owner.email) {
    const [local = '', domain = ''] = owner.email.toLowerCase().split('@');
    words.push(local, ...local.split(/[^a-z0-9]+/), ...domain.split('.').slice(0, -1));
  }
  if (owner.name) words.push(...owner.name.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  // Shorter pieces ('li', 'bob') would refuse too many unrelated passwords.
  return words.filter((word) => word.length >= 4);
}

export function containsPersonalWord(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const forms = [lower, unleet(lower)];
  return personalWords(owner).some((word) => forms.some((form) => form.includes(word)));
}

export type PasswordProblem = 'policy' | 'breached' | 'personal';

/** The spec's policy (shared), then the breached lists, then the owner's own words. */
export function passwordProblem(
  password: string,
  owner: PasswordOwner = {},
): PasswordProblem | null {
  if (!isValidPassword(password)) return 'policy';
  if (containsPersonalWord(password, owner)) return 'personal';
  if (isBreachedPassword(password)) return 'breached';
  return null;
}
