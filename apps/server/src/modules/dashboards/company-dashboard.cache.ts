import type { CompanyDashboard } from '@fieldbot/shared';
import { LRUCache } from 'lru-cache';

/**
 * Company dashboard answers computed from the rollups, keyed by the company's rollup version
 * (bumped by every refresh that recomputed one of its days), so a repeat view costs one read
 * instead of five aggregate queries. Each server process keeps its own; the version in the key
 * keeps them all correct. Names (customers, technicians, bots) are not part of the version: the
 * time-to-live bounds how long a renamed one may show its old name.
 */
export interface CachedCompanyDashboard {
  answer: Omit<CompanyDashboard, 'spend' | 'refreshed_at'>;
  /** Spend of the month; the limits it is shown against are read fresh on every view. */
  spentCents: number;
}

export interface DashboardCacheKey {
  companyId: string;
  technicianId: string | null;
  period: string;
  zone: string;
  version: number;
}

export const DASHBOARD_CACHE_ENTRIES = 1_000;
export const DASHBOARD_CACHE_TTL_MS = 60_000;

export function createCompanyDashboardCache() {
  const cache = new LRUCache<string, CachedCompanyDashboard>({
    max: DASHBOARD_CACHE_ENTRIES,
    ttl: DASHBOARD_CACHE_TTL_MS,
  });
  const keyOf = (k: DashboardCacheKey) =>
    [k.companyId, k.technicianId ?? '', k.period, k.zone, k.version].join('|');
  return {
    get: (key: DashboardCacheKey) => cache.get(keyOf(key)),
    set: (key: DashboardCacheKey, value: CachedCompanyDashboard) => cache.set(keyOf(key), value),
  };
}

export type CompanyDashboardCache = ReturnType<typeof createCompanyDashboardCache>;
