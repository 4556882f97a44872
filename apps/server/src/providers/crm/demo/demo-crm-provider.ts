// PLACEHOLDER (syncengine branch): the demo CRM is written on another branch; the integrator
// replaces this file with the real one. Only the factory's name and shape are fixed here.
import type { CrmProvider } from '../crm-provider.js';

export function createDemoCrmProvider(_options: {
  now?: () => Date;
  pageSize: number;
}): CrmProvider {
  // Throws on use, not here, so a server that builds every provider at start-up still starts.
  return {
    slug: 'demo-crm',
    connect() {
      throw new Error('not merged yet');
    },
  };
}
