// PLACEHOLDER (syncengine branch): the ServiceTitan adapter is written on another branch; the
// integrator replaces this file with the real one. Only the factory's name and shape are fixed here.
import type { CrmProvider } from '../crm-provider.js';

export interface ServiceTitanProviderConfig {
  authUrl: string;
  apiUrl: string;
  pageSize: number;
}

export function createServiceTitanProvider(
  _config: ServiceTitanProviderConfig,
  _options?: unknown,
): CrmProvider {
  // Throws on use, not here, so a server that builds every provider at start-up still starts.
  return {
    slug: 'servicetitan',
    connect() {
      throw new Error('not merged yet');
    },
  };
}
