import type { CrmConfig } from '../../config.js';
import type { CrmProviders } from './crm-provider.js';
import { createDemoCrmProvider, type DemoNoteStore } from './demo/demo-crm-provider.js';
import { createServiceTitanProvider } from './servicetitan/servicetitan-provider.js';

export * from './crm-provider.js';
export type { DemoNoteStore } from './demo/demo-crm-provider.js';

export interface CrmProviderOptions {
  /** The demo CRM's clock (tests move it forward). */
  now?: () => Date;
  /** Where the demo CRM keeps the notes written to it (the app's database). */
  demoNotes?: DemoNoteStore;
}

/** One adapter per catalogue slug, from the configuration. */
export function createCrmProviders(
  config: CrmConfig,
  options: CrmProviderOptions = {},
): CrmProviders {
  return {
    servicetitan: createServiceTitanProvider({
      authUrl: config.serviceTitan.authUrl,
      apiUrl: config.serviceTitan.apiUrl,
      pageSize: config.syncPageSize,
    }),
    'demo-crm': createDemoCrmProvider({
      now: options.now,
      pageSize: config.syncPageSize,
      notes: options.demoNotes,
    }),
  };
}
