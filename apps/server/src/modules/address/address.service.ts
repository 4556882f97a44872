import type { Address } from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import type { AddressProvider } from '../../providers/address/index.js';

const WINDOW_MS = 60_000;

export type AddressService = ReturnType<typeof createAddressService>;

/**
 * Address suggestions, limited per user: autocomplete fires as the user types, and a hosted
 * provider bills per request.
 */
export function createAddressService(deps: {
  provider: AddressProvider;
  searchesPerMinute: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const recent = new Map<string, number[]>();

  function take(userId: string) {
    const t = now();
    const times = (recent.get(userId) ?? []).filter((at) => at > t - WINDOW_MS);
    if (times.length >= deps.searchesPerMinute) {
      const seconds = Math.max(1, Math.ceil((times[0]! + WINDOW_MS - t) / 1000));
      throw new DomainError(
        429,
        `Too many address searches. Please try again in ${seconds} seconds.`,
        {},
        { 'Retry-After': String(seconds) },
      );
    }
    times.push(t);
    recent.set(userId, times);
    // Forget idle users so the map stays as small as the set of active typists.
    if (recent.size > 10_000) {
      for (const [id, list] of recent) if (list.at(-1)! <= t - WINDOW_MS) recent.delete(id);
    }
  }

  return {
    async search(userId: string, query: string): Promise<Address[]> {
      take(userId);
      return deps.provider.search(query);
    },
  };
}
