import { STORAGE_KEYS } from '@fieldbot/shared';
import { readStorage, removeStorage } from './storage';

/**
 * The publisher code the public marketplace link stored: sent at sign-up and company
 * create until the company has reached the marketplace.
 */
export function storedReferralCode(): string | undefined {
  return readStorage(STORAGE_KEYS.referralCode) || undefined;
}

/** The body with referral_code added when a code is stored (left out otherwise). */
export function withReferralCode<T extends object>(body: T): T & { referral_code?: string } {
  const code = storedReferralCode();
  return code ? { ...body, referral_code: code } : body;
}

export function clearReferralCode(): void {
  removeStorage(STORAGE_KEYS.referralCode);
}
