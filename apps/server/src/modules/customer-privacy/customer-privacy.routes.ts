import {
  CUSTOMER_PRIVACY_MESSAGES,
  ROLE,
  customerDeletionPath,
  customerDeletionRequestSchema,
  customerExportPath,
  customerPrivacyFlagsRequestSchema,
  customerPrivacyFlagsResponseSchema,
  customerPrivacyParamsSchema,
  customerPrivacyPath,
  privacyRequestParamsSchema,
  privacyRequestPath,
  privacyRequestResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { CustomerPrivacyService } from './customer-privacy.service.js';

/** Export, deletion and legal hold: company admins of a set-up company. */
const privacyAdmins = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
  setup: 'required',
} as const satisfies RouteAuth;

/** The flags: admins and managers; the service keeps legal hold to admins. */
const flagEditors = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER],
  permission: 'interactions.view',
  setup: 'required',
} as const satisfies RouteAuth;

export async function customerPrivacyRoutes(
  app: FastifyInstance,
  deps: { privacy: CustomerPrivacyService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { privacy } = deps;
  const params = customerPrivacyParamsSchema;

  r.patch(
    customerPrivacyPath(':id'),
    {
      config: { auth: flagEditors },
      schema: {
        params,
        body: customerPrivacyFlagsRequestSchema,
        response: { 200: customerPrivacyFlagsResponseSchema },
      },
    },
    async (request) => privacy.setFlags(request.user!, request.params.id, request.body, request),
  );

  r.get(
    customerExportPath(':id'),
    { config: { auth: privacyAdmins }, schema: { params } },
    async (request, reply) => {
      const { fileName, stream } = await privacy.exportCustomer(
        request.user!,
        request.params.id,
        request,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  r.post(
    customerDeletionPath(':id'),
    {
      config: { auth: privacyAdmins },
      schema: {
        params,
        body: customerDeletionRequestSchema,
        response: { 200: privacyRequestResponseSchema },
      },
    },
    async (request) => ({
      message: CUSTOMER_PRIVACY_MESSAGES.deletionQueued,
      data: await privacy.requestDeletion(
        request.user!,
        request.params.id,
        request.body.confirm_name,
      ),
    }),
  );

  r.get(
    privacyRequestPath(':id'),
    {
      config: { auth: privacyAdmins },
      schema: {
        params: privacyRequestParamsSchema,
        response: { 200: privacyRequestResponseSchema },
      },
    },
    async (request) => ({ data: await privacy.requestStatus(request.user!, request.params.id) }),
  );
}
