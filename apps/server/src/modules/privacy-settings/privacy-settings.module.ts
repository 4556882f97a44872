import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPrivacySettingsRepo } from './privacy-settings.repo.js';
import { privacySettingsRoutes } from './privacy-settings.routes.js';
import { createPrivacySettingsService } from './privacy-settings.service.js';

export async function registerPrivacySettingsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    forgetCompanyUsers(companyId: string): void;
    retentionChanged?(companyId: string): Promise<void>;
  },
) {
  await privacySettingsRoutes(app, {
    privacy: createPrivacySettingsService({
      repo: createPrivacySettingsRepo(deps.db),
      forgetCompanyUsers: deps.forgetCompanyUsers,
      retentionChanged: deps.retentionChanged,
    }),
  });
}
