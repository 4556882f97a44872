import {
  PUBLISHER_INFO_MESSAGES,
  PUBLISHER_MESSAGES,
  ROLE,
  publisherCreatePath,
  publisherFormSchema,
  publisherInfoPath,
  publisherInfoResponseSchema,
  publisherNameParamsSchema,
  publisherNameResponseSchema,
  publisherSaveResponseSchema,
  publisherUpdatePath,
  publisherUpdateSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/errors.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { PublishersRepo } from './publishers.repo.js';
import type { PublishersService } from './publishers.service.js';

/**
 * Publisher Information is the publisher admin's set-up step (spec §4), so its routes are open
 * before set-up; the publisher user may read it.
 */
const publisherReaders = {
  roles: [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER],
  setup: 'any',
} as const satisfies RouteAuth;

const publisherAdmins = {
  roles: [ROLE.PUBLISHER_ADMIN],
  permission: 'settings.manage',
  setup: 'any',
} as const satisfies RouteAuth;

export async function publishersRoutes(
  app: FastifyInstance,
  deps: { repo: PublishersRepo; publishers: PublishersService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
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

  r.get(
    publisherInfoPath,
    {
      config: { auth: publisherReaders },
      schema: { response: { 200: publisherInfoResponseSchema } },
    },
    async (request) => ({ data: await deps.publishers.info(request.user!) }),
  );

  r.post(
    publisherCreatePath,
    {
      config: { auth: publisherAdmins },
      schema: { body: publisherFormSchema, response: { 201: publisherSaveResponseSchema } },
    },
    async (request, reply) => {
      const data = await deps.publishers.create(request.user!, request.body);
      return reply.status(201).send({ message: PUBLISHER_INFO_MESSAGES.created, data });
    },
  );

  r.post(
    publisherUpdatePath,
    {
      config: { auth: publisherAdmins },
      schema: { body: publisherUpdateSchema, response: { 200: publisherSaveResponseSchema } },
    },
    async (request) => ({
      message: PUBLISHER_INFO_MESSAGES.updated,
      data: await deps.publishers.update(request.user!, request.body),
    }),
  );
}
