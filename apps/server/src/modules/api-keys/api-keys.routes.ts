import {
  API_KEY_MESSAGES,
  ROLE,
  apiKeyListResponseSchema,
  apiKeyParamsSchema,
  apiKeysPath,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { ApiKeysService } from './api-keys.service.js';

/** A key reads the whole company's interactions: only its admins manage keys. */
const keyAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
} as const satisfies RouteAuth;

export async function apiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { apiKeys } = deps;

  r.get(
    apiKeysPath,
    { config: { auth: keyAdmins }, schema: { response: { 200: apiKeyListResponseSchema } } },
    async (request) => ({ data: await apiKeys.list(request.user!) }),
  );

  r.post(
    apiKeysPath,
    {
      config: { auth: keyAdmins },
      schema: { body: createApiKeyRequestSchema, response: { 200: createApiKeyResponseSchema } },
    },
    async (request, reply) => {
      const { apiKey, key } = await apiKeys.create(request.user!, request.body, request.ip);
      // The only answer that carries the key: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { message: API_KEY_MESSAGES.created, data: { api_key: apiKey, key } };
    },
  );

  r.post(
    `${apiKeysPath}/:id/revoke`,
    {
      config: { auth: keyAdmins },
      schema: { params: apiKeyParamsSchema, response: { 200: revokeApiKeyResponseSchema } },
    },
    async (request) => ({
      message: API_KEY_MESSAGES.revoked,
      data: await apiKeys.revoke(request.user!, request.params.id, request.ip),
    }),
  );
}
