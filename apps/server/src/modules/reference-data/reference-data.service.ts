import type { DataItem, DataItemRow, DataResponse } from '@fieldbot/shared';
import type { ReferenceDataRepo } from './reference-data.repo.js';

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;

export function createReferenceDataService(deps: { repo: ReferenceDataRepo }) {
  const { repo } = deps;

  const loaders: { [K in DataItem]: () => Promise<DataItemRow<K>[]> } = {
    permissions: repo.permissions,
    timezones: repo.timezones,
    industries: repo.industries,
    trades: repo.trades,
    company_types: repo.companyTypes,
    // Filled by the bots issue; known items answer an empty list until then.
    company_bots: async () => [],
    bot_icons: async () => [],
  };

  return {
    /** The asked lists, each once, keyed by item. */
    async items(items: readonly DataItem[]): Promise<DataResponse['data']> {
      const unique = [...new Set(items)];
      const lists = await Promise.all(unique.map((item) => loaders[item]()));
      return Object.fromEntries(unique.map((item, i) => [item, lists[i]!]));
    },
  };
}
