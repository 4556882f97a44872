import {
  ROLE,
  integrationDetailResponseSchema,
  integrationListResponseSchema,
  saveIntegrationRequestSchema,
  saveIntegrationResponseSchema,
  syncIntegrationRequestSchema,
  syncIntegrationResponseSchema,
  INTEGRATION_MESSAGES,
  integrationIdParamsSchema,
  integrationListQuerySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { IntegrationsService } from './integrations.service.js';

/**
 * Company admins only. Connecting the CRM is onboarding step 3 (spec §4), so the routes are open
 * before set-up is complete; the service refuses saving and syncing before step 3.
 */
const integrationAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
  setup: 'any',
} as const satisfies RouteAuth;

export async function integrationsRoutes(
  app: FastifyInstance,
  deps: { integrations: IntegrationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { integrations } = deps;

  r.get(
    '/api/integration',
    {
      config: { auth: integrationAdmins },
      schema: {
        querystring: integrationListQuerySchema,
        response: { 200: integrationListResponseSchema },
      },
    },
    async (request) => ({ data: await integrations.list(request.user!, request.query.group_type) }),
  );

  r.get(
    '/api/integration/:id',
    {
      config: { auth: integrationAdmins },
      schema: {
        params: integrationIdParamsSchema,
        response: { 200: integrationDetailResponseSchema },
      },
    },
    async (request) => ({ data: await integrations.detail(request.user!, request.params.id) }),
  );

  r.post(
    '/api/integration',
    {
      config: { auth: integrationAdmins },
      schema: {
        body: saveIntegrationRequestSchema,
        response: { 200: saveIntegrationResponseSchema },
      },
    },
    async (request) => ({
      message: INTEGRATION_MESSAGES.saved,
      data: await integrations.save(request.user!, request.body, request.ip),
    }),
  );

  r.post(
    '/api/integration/sync',
    {
      config: { auth: integrationAdmins },
      schema: {
        body: syncIntegrationRequestSchema,
        response: { 200: syncIntegrationResponseSchema },
      },
    },
    async (request) => ({
      message: INTEGRATION_MESSAGES.syncStarted,
      data: await integrations.sync(request.user!, request.body.integration_id, request.ip),
    }),
  );
}
