import type { CrmConfig } from '../../config.js';
import { createSecretBox } from '../../lib/secret-box.js';
import {
  CrmError,
  type CrmConnection,
  type CrmProviders,
  type CrmStateStore,
} from '../../providers/crm/crm-provider.js';
import type { CrmSyncStateRepo } from './crm-sync-state.repo.js';

export interface CrmConnector {
  /** Opens the integration's saved values and connects its provider. */
  connect(companyIntegrationId: string): Promise<{ companyId: string; connection: CrmConnection }>;
}

/** Connections made from a company integration's sealed values (the sync and call downloads). */
export function createCrmConnector(deps: {
  config: Pick<CrmConfig, 'credentialsSecret' | 'previousCredentialsSecrets'>;
  providers: CrmProviders;
  repo: CrmSyncStateRepo;
}): CrmConnector {
  const box = (purpose: string) =>
    createSecretBox({
      secret: deps.config.credentialsSecret,
      previousSecrets: deps.config.previousCredentialsSecrets,
      purpose,
    });
  const credentials = box('crm-credentials');
  const stateBox = box('crm-provider-state');

  return {
    async connect(companyIntegrationId) {
      const row = await deps.repo.integration(companyIntegrationId);
      if (!row) throw new CrmError('The integration no longer exists.', false);
      let values: Record<string, string>;
      try {
        values = JSON.parse(credentials.open(row.valuesSealed)) as Record<string, string>;
      } catch {
        throw new CrmError(
          'The saved integration details could not be read; please enter them again.',
          false,
          true,
        );
      }
      // Provider state (e.g. an OAuth token) is sealed too: a token is as good as the credentials.
      const state: CrmStateStore = {
        async get() {
          const current = await deps.repo.integration(companyIntegrationId);
          const sealed = current?.providerState;
          if (typeof sealed !== 'string') return null;
          try {
            return JSON.parse(stateBox.open(sealed)) as unknown;
          } catch {
            return null;
          }
        },
        async set(value) {
          await deps.repo.saveProviderState(
            companyIntegrationId,
            value === null || value === undefined ? null : stateBox.seal(JSON.stringify(value)),
          );
        },
      };
      const provider = deps.providers[row.slug];
      const connection = provider.connect({
        companyId: row.companyId,
        companyIntegrationId,
        values,
        state,
      });
      return { companyId: row.companyId, connection };
    },
  };
}
