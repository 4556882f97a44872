import {
  ROLE,
  WEBHOOKS_API_PATH,
  WEBHOOK_MESSAGES,
  saveWebhookEndpointRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointParamsSchema,
  webhookEndpointResponseSchema,
  webhookMessageResponseSchema,
  webhookSecretResponseSchema,
  webhookStatusRequestSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { WebhooksService } from './webhooks.service.js';

/** Company admins of a set-up company: endpoints receive the company's data. */
const webhookAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
} as const satisfies RouteAuth;

const byId = `${WEBHOOKS_API_PATH}/:id`;

export async function webhooksRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = deps;
  const params = webhookEndpointParamsSchema;

  r.get(
    WEBHOOKS_API_PATH,
    {
      config: { auth: webhookAdmins },
      schema: { response: { 200: webhookEndpointListResponseSchema } },
    },
    async (request) => ({ data: await webhooks.list(request.user!) }),
  );

  r.post(
    WEBHOOKS_API_PATH,
    {
      config: { auth: webhookAdmins },
      schema: {
        body: saveWebhookEndpointRequestSchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (request) => ({
      message: WEBHOOK_MESSAGES.created,
      data: await webhooks.create(request.user!, request.body, request.ip),
    }),
  );

  r.put(
    byId,
    {
      config: { auth: webhookAdmins },
      schema: {
        params,
        body: saveWebhookEndpointRequestSchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (request) => ({
      message: WEBHOOK_MESSAGES.updated,
      data: await webhooks.update(request.user!, request.params.id, request.body, request.ip),
    }),
  );

  r.delete(
    byId,
    {
      config: { auth: webhookAdmins },
      schema: { params, response: { 200: webhookMessageResponseSchema } },
    },
    async (request) => {
      await webhooks.remove(request.user!, request.params.id, request.ip);
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );

  r.put(
    `${byId}/status`,
    {
      config: { auth: webhookAdmins },
      schema: {
        params,
        body: webhookStatusRequestSchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (request) => ({
      message: request.body.enabled ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabledByAdmin,
      data: await webhooks.setEnabled(
        request.user!,
        request.params.id,
        request.body.enabled,
        request.ip,
      ),
    }),
  );

  r.get(
    `${byId}/secret`,
    {
      config: { auth: webhookAdmins },
      schema: { params, response: { 200: webhookSecretResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await webhooks.secret(request.user!, request.params.id, request.ip) };
    },
  );

  r.post(
    `${byId}/rotate-secret`,
    {
      config: { auth: webhookAdmins },
      schema: { params, response: { 200: webhookSecretResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        message: WEBHOOK_MESSAGES.rotated,
        data: await webhooks.rotate(request.user!, request.params.id, request.ip),
      };
    },
  );

  r.post(
    `${byId}/test`,
    {
      config: { auth: webhookAdmins },
      schema: { params, response: { 200: webhookMessageResponseSchema } },
    },
    async (request) => {
      await webhooks.sendTest(request.user!, request.params.id, request.ip);
      return { message: WEBHOOK_MESSAGES.testQueued };
    },
  );

  r.get(
    `${byId}/deliveries`,
    {
      config: { auth: webhookAdmins },
      schema: {
        params,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => webhooks.deliveries(request.user!, request.params.id, request.query.page),
  );
}
