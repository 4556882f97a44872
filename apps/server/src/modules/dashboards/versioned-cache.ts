import { LRUCache } from 'lru-cache';

export const DASHBOARD_CACHE_ENTRIES = 1_000;
export const DASHBOARD_CACHE_TTL_MS = 60_000;

/**
 * Answers computed from the rollups, keyed by what they show and by the rollup version of their
 * owner (bumped by every refresh that recomputed one of its days), so a repeat view costs one
 * version read instead of the aggregate queries. Each server process keeps its own; the version
 * in the key keeps them all correct. Names (customers, technicians, bots, clients) are not part
 * of a version: the time-to-live bounds how long a renamed one may show its old name.
 */
export function createVersionedCache<Value extends object>() {
  const cache = new LRUCache<string, Value>({
    max: DASHBOARD_CACHE_ENTRIES,
    ttl: DASHBOARD_CACHE_TTL_MS,
  });
  const keyOf = (parts: readonly (string | number | null)[]) =>
    parts.map((part) => part ?? '').join('|');
  return {
    get: (key: readonly (string | number | null)[]) => cache.get(keyOf(key)),
    set: (key: readonly (string | number | null)[], value: Value) => cache.set(keyOf(key), value),
  };
}

export type VersionedCache<Value extends object> = ReturnType<typeof createVersionedCache<Value>>;
