import { addressSearchQuerySchema, addressSearchResponseSchema } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AddressService } from './address.service.js';

export async function addressRoutes(app: FastifyInstance, deps: { address: AddressService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/address/search',
    {
      // The company form is filled before set-up is complete (spec §4).
      config: { auth: { setup: 'any' } },
      schema: {
        querystring: addressSearchQuerySchema,
        response: { 200: addressSearchResponseSchema },
      },
    },
    async (request) => ({ data: await deps.address.search(request.user!.id, request.query.q) }),
  );
}
