import { CRM_GROUP_TYPE, type IntegrationListItem, type User } from '@fieldbot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/session';
import { storeUser } from '@/lib/storage';

/**
 * The company is CRM-connected from now on, in the current user and its stored copy, so the
 * onboarding gating (spec §4 "Account set-up gating") opens the app without waiting for /me.
 * Returns whether anything changed.
 */
export function markCrmConnected(queryClient: QueryClient): boolean {
  const user = queryClient.getQueryData<User | null>(meQueryKey);
  if (!user?.company || user.company.is_crm_connected) return false;
  const next: User = { ...user, company: { ...user.company, is_crm_connected: true } };
  storeUser(next);
  queryClient.setQueryData(meQueryKey, next);
  return true;
}

const isCrm = (row: IntegrationListItem) => row.group_type === CRM_GROUP_TYPE;

/** Spec §4: any CRM-group integration with scheduled syncs on makes the company CRM-connected. */
export function hasActiveCrm(rows: IntegrationListItem[]): boolean {
  return rows.some((row) => isCrm(row) && row.sync_status === 'on');
}

/** Spec §4: a CRM-group integration whose sync has started (in-progress) or finished (success). */
export function hasStartedCrmSync(rows: IntegrationListItem[]): boolean {
  return rows.some(
    (row) =>
      isCrm(row) &&
      (row.sync_process_status === 'in-progress' || row.sync_process_status === 'success'),
  );
}
