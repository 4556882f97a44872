import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import type { CrmSyncQueue } from './crm-sync-queue.js';
import { createIntegrationsRepo } from './integrations.repo.js';
import { integrationsRoutes } from './integrations.routes.js';
import { createIntegrationsService } from './integrations.service.js';

/** The box of saved CRM credentials; the reseal script and the demo seed open the same one. */
export function crmCredentialsBox(crm: AppConfig['crm']): SecretBox {
  return createSecretBox({
    secret: crm.credentialsSecret,
    previousSecrets: crm.previousCredentialsSecrets,
    purpose: 'crm-credentials',
  });
}

export async function registerIntegrationsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: AppConfig;
    crmSync: CrmSyncQueue;
    forgetCompanyUsers(companyId: string): void;
  },
) {
  const repo = createIntegrationsRepo(deps.db);
  await integrationsRoutes(app, {
    integrations: createIntegrationsService({
      repo,
      box: crmCredentialsBox(deps.config.crm),
      crmSync: deps.crmSync,
      forgetCompanyUsers: deps.forgetCompanyUsers,
    }),
  });
}
