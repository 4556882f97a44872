import { dataQuerySchema, dataResponseSchema } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReferenceDataService } from './reference-data.service.js';

export async function referenceDataRoutes(
  app: FastifyInstance,
  deps: { referenceData: ReferenceDataService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/data',
    {
      config: { auth: { setup: 'any' } },
      schema: { querystring: dataQuerySchema, response: { 200: dataResponseSchema } },
    },
    async (request) => ({
      data: await deps.referenceData.items(request.query.items, request.user!),
    }),
  );
}
