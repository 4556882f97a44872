import {
  ROLE,
  paymentMethodBodySchema,
  paymentMethodResponseSchema,
  paymentMethodSavedResponseSchema,
  sandboxConfirmSetupBodySchema,
  sandboxConfirmSetupResponseSchema,
  setupIntentResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { PaymentMethodsService } from './payment-methods.service.js';

/**
 * Billing is set-up step 2 (spec §4) and must work while a payment is due (a new card is how the
 * company pays), so these routes are open before set-up is complete.
 */
const billingAuth: RouteAuth = {
  roles: [ROLE.COMPANY_ADMIN],
  permission: 'settings.manage',
  setup: 'any',
};

export async function paymentMethodsRoutes(
  app: FastifyInstance,
  deps: { paymentMethods: PaymentMethodsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { paymentMethods } = deps;

  r.get(
    '/api/company/create-setup-intent',
    {
      config: { auth: billingAuth },
      schema: { response: { 200: setupIntentResponseSchema } },
    },
    async (request) => ({ data: await paymentMethods.createSetupIntent(request.user!) }),
  );

  r.post(
    '/api/payments/sandbox/confirm-setup',
    {
      config: { auth: billingAuth },
      schema: {
        body: sandboxConfirmSetupBodySchema,
        response: { 200: sandboxConfirmSetupResponseSchema },
      },
    },
    async (request) => ({
      data: await paymentMethods.sandboxConfirmSetup(request.user!, request.body),
    }),
  );

  r.post(
    '/api/company/payment-method',
    {
      config: { auth: billingAuth },
      schema: {
        body: paymentMethodBodySchema,
        response: { 200: paymentMethodSavedResponseSchema },
      },
    },
    async (request) => paymentMethods.save(request.user!, request.body, request.ip),
  );

  r.get(
    '/api/company/payment-method',
    {
      config: { auth: billingAuth },
      schema: { response: { 200: paymentMethodResponseSchema } },
    },
    async (request) => ({ data: await paymentMethods.current(request.user!) }),
  );
}
