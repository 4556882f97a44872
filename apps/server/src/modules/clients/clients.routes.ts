import {
  CLIENT_MESSAGES,
  ROLE,
  clientBotsResponseSchema,
  clientDetailResponseSchema,
  clientMarkupResponseSchema,
  clientListQuerySchema,
  clientListResponseSchema,
  clientMarkupBodySchema,
  clientParamsSchema,
  clientRunsQuerySchema,
  clientRunsResponseSchema,
  clientsExportPath,
  clientsExportQuerySchema,
  exportFileName,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-response.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { ClientsService } from './clients.service.js';

/** Clients: both publisher roles read; every query is scoped to the user's publisher. */
const auth: RouteAuth = {
  roles: [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER],
  permission: 'clients.manage',
};
/** Changing what a client pays is the publisher admin's (like the default markup in settings). */
const markupAuth: RouteAuth = { roles: [ROLE.PUBLISHER_ADMIN], permission: 'settings.manage' };

export async function clientsRoutes(app: FastifyInstance, deps: { clients: ClientsService }) {
  const { clients } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/publisher/clients',
    {
      config: { auth },
      schema: { querystring: clientListQuerySchema, response: { 200: clientListResponseSchema } },
    },
    async (request) => ({ data: await clients.list(request.user!, request.query) }),
  );

  r.get(
    clientsExportPath,
    { config: { auth }, schema: { querystring: clientsExportQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('clients', new Date()),
        clients.clientsCsv(request.user!, request.query),
      ),
  );

  r.get(
    '/api/publisher/clients/:clientId',
    {
      config: { auth },
      schema: { params: clientParamsSchema, response: { 200: clientDetailResponseSchema } },
    },
    async (request) => ({ data: await clients.detail(request.user!, request.params.clientId) }),
  );

  r.get(
    '/api/publisher/clients/:clientId/bots',
    {
      config: { auth },
      schema: { params: clientParamsSchema, response: { 200: clientBotsResponseSchema } },
    },
    async (request) => ({ data: await clients.bots(request.user!, request.params.clientId) }),
  );

  r.get(
    '/api/publisher/clients/:clientId/runs',
    {
      config: { auth },
      schema: {
        params: clientParamsSchema,
        querystring: clientRunsQuerySchema,
        response: { 200: clientRunsResponseSchema },
      },
    },
    async (request) => ({
      data: await clients.runs(request.user!, request.params.clientId, request.query),
    }),
  );

  r.post(
    '/api/publisher/clients/:clientId/markup',
    {
      config: { auth: markupAuth },
      schema: {
        params: clientParamsSchema,
        body: clientMarkupBodySchema,
        response: { 200: clientMarkupResponseSchema },
      },
    },
    async (request) => ({
      message: CLIENT_MESSAGES.markupSaved,
      data: await clients.setMarkup(
        request.user!,
        request.params.clientId,
        request.body.markup_percent,
        request.ip,
      ),
    }),
  );
}
