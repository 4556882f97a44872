import {
  REFERRAL_REDIRECT_DELAY_MS,
  STORAGE_KEYS,
  type IntegrationListItem,
  MARKETPLACE_PATH,
} from '@fieldbot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { readStorage } from '@/lib/storage';
import { hasActiveCrm, hasStartedCrmSync, markCrmConnected } from './crm-connected';

/** Spec §4: a CRM-group integration with sync_status 'on' flags the company CRM-connected. */
export function useCrmConnectedFlag(rows: IntegrationListItem[] | undefined): void {
  const queryClient = useQueryClient();
  const active = rows ? hasActiveCrm(rows) : false;
  useEffect(() => {
    if (active) markCrmConnected(queryClient);
  }, [active, queryClient]);
}

/**
 * Spec §4: an admin who came through a publisher's marketplace link (the referral code the public
 * marketplace page stored) goes on to /marketplace once the CRM sync has started.
 */
export function useReferralRedirect(rows: IntegrationListItem[] | undefined): void {
  const navigate = useNavigate();
  const started = rows ? hasStartedCrmSync(rows) : false;
  useEffect(() => {
    if (!started || !readStorage(STORAGE_KEYS.referralCode)) return;
    const timer = window.setTimeout(() => navigate(MARKETPLACE_PATH), REFERRAL_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [started, navigate]);
}
