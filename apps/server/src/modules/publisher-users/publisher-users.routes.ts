import {
  ROLE,
  messageResponseSchema,
  publisherInvitationParamsSchema,
  publisherInviteBodySchema,
  publisherUserListQuerySchema,
  publisherUserListResponseSchema,
  publisherUserParamsSchema,
  publisherUserRoleBodySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invitationAudits } from '../audit-log/index.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { PublisherUsersService } from './publisher-users.service.js';

/** Only the publisher admin manages the publisher's users; a publisher user gets 403. */
const publisherAdmins = {
  roles: [ROLE.PUBLISHER_ADMIN],
  permission: 'users.manage',
} as const satisfies RouteAuth;

const ok = { 200: messageResponseSchema };

export async function publisherUsersRoutes(
  app: FastifyInstance,
  deps: { publisherUsers: PublisherUsersService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publisherUsers: users } = deps;

  r.get(
    '/api/publisher/users',
    {
      config: { auth: publisherAdmins },
      schema: {
        querystring: publisherUserListQuerySchema,
        response: { 200: publisherUserListResponseSchema },
      },
    },
    async (request) => ({ data: await users.list(request.user!, request.query) }),
  );

  r.post(
    '/api/publisher/users/invite',
    {
      config: { auth: publisherAdmins, audit: invitationAudits.byEmail },
      schema: { body: publisherInviteBodySchema, response: ok },
    },
    async (request) => ({ message: await users.invite(request.user!, request.body) }),
  );

  r.post(
    '/api/publisher/users/invitations/:id/resend',
    {
      config: { auth: publisherAdmins, audit: invitationAudits.resend },
      schema: { params: publisherInvitationParamsSchema, response: ok },
    },
    async (request) => ({ message: await users.resend(request.user!, request.params.id) }),
  );

  r.post(
    '/api/publisher/users/invitations/:id/revoke',
    {
      config: { auth: publisherAdmins },
      schema: { params: publisherInvitationParamsSchema, response: ok },
    },
    async (request) => ({ message: await users.revoke(request.user!, request.params.id) }),
  );

  r.post(
    '/api/publisher/users/:id/role',
    {
      config: { auth: publisherAdmins },
      schema: {
        params: publisherUserParamsSchema,
        body: publisherUserRoleBodySchema,
        response: ok,
      },
    },
    async (request) => ({
      message: await users.changeRole(request.user!, request.params.id, request.body, request.ip),
    }),
  );

  r.delete(
    '/api/publisher/users/:id',
    {
      config: { auth: publisherAdmins },
      schema: { params: publisherUserParamsSchema, response: ok },
    },
    async (request) => ({ message: await users.remove(request.user!, request.params.id) }),
  );
}
