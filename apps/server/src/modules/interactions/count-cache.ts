/**
 * Totals of keyword searches, kept briefly per process. Counting every match of a substring or
 * full-text search costs more than finding the page of ten (measured in bench/interactions.ts),
 * and paging through one search asks the same total again and again. A total may therefore lag
 * new rows by `ttlMs`; the rows of the page never do. Concurrent identical requests share one
 * count.
 */
export function createCountCache(options: { ttlMs: number; max: number; now?: () => number }) {
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, { at: number; count: Promise<number> }>();
  return {
    get(key: string, count: () => Promise<number>): Promise<number> {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < options.ttlMs) return hit.count;
      const pending = count();
      entries.delete(key);
      entries.set(key, { at: t, count: pending });
      if (entries.size > options.max) entries.delete(entries.keys().next().value!);
      // A failed count is not remembered.
      pending.catch(() => {
        if (entries.get(key)?.count === pending) entries.delete(key);
      });
      return pending;
    },
  };
}
