import {
  PRIVACY_SETTINGS_API_PATH,
  PRIVACY_SETTINGS_MESSAGES,
  ROLE,
  privacySettingsResponseSchema,
  updatePrivacySettingsRequestSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit-trail.js';
import type { RouteAuth } from '../../plugins/types.js';
import type { PrivacySettingsService } from './privacy-settings.service.js';

/** Company admins of a set-up company: these settings govern every recording of the company. */
const privacyAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
} as const satisfies RouteAuth;

export async function privacySettingsRoutes(
  app: FastifyInstance,
  deps: { privacy: PrivacySettingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { privacy } = deps;

  r.get(
    PRIVACY_SETTINGS_API_PATH,
    {
      config: { auth: privacyAdmins },
      schema: { response: { 200: privacySettingsResponseSchema } },
    },
    async (request) => ({ data: await privacy.get(request.user!) }),
  );

  r.put(
    PRIVACY_SETTINGS_API_PATH,
    {
      config: { auth: privacyAdmins },
      schema: {
        body: updatePrivacySettingsRequestSchema,
        response: { 200: privacySettingsResponseSchema },
      },
    },
    async (request) => ({
      message: PRIVACY_SETTINGS_MESSAGES.saved,
      data: await privacy.update(request.user!, request.body, auditActor(request.user, request)),
    }),
  );
}
