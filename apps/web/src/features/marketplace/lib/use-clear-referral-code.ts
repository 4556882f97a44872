import { useEffect } from 'react';
import { clearReferralCode } from '@/lib/referral-code';

/**
 * Once the company has reached the marketplace the referral has done its work (the integrations
 * page sends the admin here while a code is stored): forget it.
 */
export function useClearReferralCode(): void {
  useEffect(() => {
    clearReferralCode();
  }, []);
}
