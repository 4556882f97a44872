import { canAccessRoute, type RoleAlias } from '@fieldbot/shared';

/**
 * Where the dashboard's figures lead (router.tsx, spec §2). The customers, team and marketplace
 * features keep their path builders private (no public index), so the few the page needs are here.
 */
export const customerPath = (customerId: string) => `/customers/${customerId}`;
/** The customer's Interactions table filtered to CSR calls (the filter lives in the query string). */
export const customerCallsPath = (customerId: string) => `/customers/${customerId}?type=csr-call`;
export const csrCallPath = (customerId: string, interactionId: string) =>
  `/customers/${customerId}/interaction/${interactionId}/csr-call`;
export const teamMemberPath = (userId: string) =>
  `/users/${encodeURIComponent(userId)}/detail/general`;
/** The company's bots: the marketplace filtered to its subscriptions. */
export const COMPANY_BOTS_PATH = '/marketplace?subscribed=true';
export const marketplaceBotPath = (botId: string) => `/marketplace/bot/${botId}`;
export const CAPACITY_PATH = '/settings/billing/capacity';

/**
 * The link when the viewer's role may open it, else undefined (the figure shows as plain text): a
 * manager has no marketplace or billing, a technician no team list.
 */
export function linkFor(role: RoleAlias | undefined, path: string): string | undefined {
  if (!role) return undefined;
  const pathname = path.split('?')[0] ?? path;
  return canAccessRoute(role, pathname) ? path : undefined;
}
