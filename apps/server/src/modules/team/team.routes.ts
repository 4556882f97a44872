import {
  ROLE,
  exportFileName,
  invitationParamsSchema,
  teamExportPath,
  teamExportQuerySchema,
  teamInviteBodySchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMemberParamsSchema,
  teamMemberResponseSchema,
  teamMessageResponseSchema,
  teamUpdateBodySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv-response.js';
import { invitationAudits } from '../audit-log/index.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { TeamService } from './team.service.js';

/** Company admins and managers see the team (spec §2 route sets: /users). */
const teamViewers = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER],
  permission: 'teams.manage',
} as const satisfies RouteAuth;

/** Only the company admin invites and edits; a manager gets 403. */
const teamAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'teams.manage',
} as const satisfies RouteAuth;

export async function teamRoutes(app: FastifyInstance, deps: { team: TeamService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { team } = deps;

  r.get(
    '/api/company/team',
    {
      config: { auth: teamViewers },
      schema: { querystring: teamListQuerySchema, response: { 200: teamListResponseSchema } },
    },
    async (request) => ({ data: await team.list(request.user!, request.query) }),
  );

  r.get(
    teamExportPath,
    { config: { auth: teamViewers }, schema: { querystring: teamExportQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('team', new Date()),
        team.teamCsv(request.user!, request.query),
      ),
  );

  r.get(
    '/api/company/team/:id',
    {
      config: { auth: teamViewers },
      schema: { params: teamMemberParamsSchema, response: { 200: teamMemberResponseSchema } },
    },
    async (request) => ({ data: await team.member(request.user!, request.params.id) }),
  );

  r.post(
    '/api/company/team/invite',
    {
      config: { auth: teamAdmins, audit: invitationAudits.byEmail },
      schema: { body: teamInviteBodySchema, response: { 200: teamMessageResponseSchema } },
    },
    async (request) => ({ message: await team.invite(request.user!, request.body) }),
  );

  r.post(
    '/api/company/team/:id/invite',
    {
      config: { auth: teamAdmins, audit: invitationAudits.member },
      schema: { params: teamMemberParamsSchema, response: { 200: teamMessageResponseSchema } },
    },
    async (request) => ({ message: await team.inviteMember(request.user!, request.params.id) }),
  );

  r.post(
    '/api/company/team/invitations/:id/resend',
    {
      config: { auth: teamAdmins, audit: invitationAudits.resend },
      schema: { params: invitationParamsSchema, response: { 200: teamMessageResponseSchema } },
    },
    async (request) => ({ message: await team.resend(request.user!, request.params.id) }),
  );

  r.post(
    '/api/company/team/invitations/:id/revoke',
    {
      config: { auth: teamAdmins },
      schema: { params: invitationParamsSchema, response: { 200: teamMessageResponseSchema } },
    },
    async (request) => ({ message: await team.revoke(request.user!, request.params.id) }),
  );

  r.post(
    '/api/company/team/update',
    {
      config: { auth: teamAdmins },
      schema: { body: teamUpdateBodySchema, response: { 200: teamMessageResponseSchema } },
    },
    async (request) => ({
      message: await team.update(request.user!, request.body, request.ip),
    }),
  );
}
