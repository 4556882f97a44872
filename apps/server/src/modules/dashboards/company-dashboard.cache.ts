import type { CompanyDashboard } from '@fieldbot/shared';
import { createVersionedCache, type VersionedCache } from './versioned-cache.js';

/** A company dashboard answer as cached by the company's rollup version (versioned-cache.ts). */
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

export function createCompanyDashboardCache() {
  const cache: VersionedCache<CachedCompanyDashboard> = createVersionedCache();
  const keyOf = (k: DashboardCacheKey) => [
    k.companyId,
    k.technicianId,
    k.period,
    k.zone,
    k.version,
  ];
  return {
    get: (key: DashboardCacheKey) => cache.get(keyOf(key)),
    set: (key: DashboardCacheKey, value: CachedCompanyDashboard) => cache.set(keyOf(key), value),
  };
}

export type CompanyDashboardCache = ReturnType<typeof createCompanyDashboardCache>;
