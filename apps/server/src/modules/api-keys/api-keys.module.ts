import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { registerApiKeyGuard } from './api-key-guard.js';
import { createApiKeysRepo } from './api-keys.repo.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { createApiKeysService } from './api-keys.service.js';

/**
 * Public API keys: the admin's settings routes and the Bearer-key guard of /api/v1. Registered
 * before any /api/v1 route, so the guard's onRoute check sees every one of them.
 */
export async function registerApiKeysModule(
  app: FastifyInstance,
  deps: { db: Db; config: AppConfig },
) {
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepo(deps.db),
    rateLimit: deps.config.apiKeyRateLimit,
  });
  registerApiKeyGuard(app, { apiKeys });
  await apiKeysRoutes(app, { apiKeys });
}
