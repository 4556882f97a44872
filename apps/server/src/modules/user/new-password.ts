import { AUTH_MESSAGES, MESSAGES } from '@fieldbot/shared';
import { fieldError } from '../../lib/errors.js';
import { passwordProblem, verifyPassword, type PasswordOwner } from '../../lib/password.js';

const PROBLEM_MESSAGES = {
  policy: MESSAGES.invalidPassword,
  breached: AUTH_MESSAGES.breachedPassword,
  personal: AUTH_MESSAGES.personalPassword,
} as const;

/** A password a user chooses (sign-up, invitation, reset, change): 422 on `field` when refused. */
export async function checkNewPassword(
  password: string,
  owner: PasswordOwner & { currentHash?: string },
  field = 'password',
): Promise<void> {
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldError(field, PROBLEM_MESSAGES[problem]);
  // Re-setting the same password would leave a suspected-leaked one in place.
  if (owner.currentHash && (await verifyPassword(owner.currentHash, password))) {
    throw fieldError(field, AUTH_MESSAGES.samePassword);
  }
}
