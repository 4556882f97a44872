import {
  PUBLISHER_MESSAGES,
  publisherNameParamsSchema,
  publisherNameResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/errors.js';
import type { PublishersRepo } from './publishers.repo.js';

export async function publishersRoutes(app: FastifyInstance, deps: { repo: PublishersRepo }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/publisher-name/:code',
    {
      config: { auth: 'public' },
      schema: { params: publisherNameParamsSchema, response: { 200: publisherNameResponseSchema } },
    },
    async (request) => {
      const name = await deps.repo.nameByCode(request.params.code);
      // The marketplace landing page says the link is not valid on this 404.
      if (name === null) throw new DomainError(404, PUBLISHER_MESSAGES.unknownCode);
      return { data: { name } };
    },
  );
}
