import {
  CRM_WRITEBACK_DEMO_NOTES_PATH,
  CRM_WRITEBACK_MESSAGES,
  CRM_WRITEBACK_PATH,
  ROLE,
  crmWritebackBotParamsSchema,
  crmWritebackStatusResponseSchema,
  demoCrmNotesResponseSchema,
  updateCrmWritebackRequestSchema,
  updateCrmWritebackResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { CrmWritebackService } from './crm-writeback.service.js';

/** The CRM's settings are the company admin's, as the integrations tab is. */
const companyAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
} as const satisfies RouteAuth;

export async function crmWritebackRoutes(
  app: FastifyInstance,
  deps: { writeback: CrmWritebackService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { writeback } = deps;

  r.get(
    CRM_WRITEBACK_PATH,
    {
      // Readable before set-up completes: the page shows the panel as soon as it sees the CRM
      // connected, possibly a moment before this session's user does (it would read as a 403).
      config: { auth: { ...companyAdmins, setup: 'any' } },
      schema: { response: { 200: crmWritebackStatusResponseSchema } },
    },
    async (request) => ({ data: await writeback.status(request.user!) }),
  );

  r.put(
    `${CRM_WRITEBACK_PATH}/bots/:bot_id`,
    {
      config: { auth: companyAdmins },
      schema: {
        params: crmWritebackBotParamsSchema,
        body: updateCrmWritebackRequestSchema,
        response: { 200: updateCrmWritebackResponseSchema },
      },
    },
    async (request) => ({
      message: CRM_WRITEBACK_MESSAGES.saved,
      data: await writeback.setEnabled(request.user!, request.params.bot_id, request.body.enabled),
    }),
  );

  r.get(
    CRM_WRITEBACK_DEMO_NOTES_PATH,
    {
      config: { auth: companyAdmins },
      schema: { response: { 200: demoCrmNotesResponseSchema } },
    },
    async (request) => ({ data: await writeback.demoNotes(request.user!) }),
  );
}
