import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../providers/payments/index.js';
import { createPaymentMethodsRepo } from './payment-methods.repo.js';
import { paymentMethodsRoutes } from './payment-methods.routes.js';
import { createPaymentMethodsService } from './payment-methods.service.js';

export { defaultCard, type DefaultCard } from './payment-methods.repo.js';

/** Cards: the card form's SetupIntent, the sandbox card form, the saved card. */
export async function registerPaymentMethodsModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    provider: PaymentProvider;
    /** Drops cached sessions of a company's users (SessionService.forgetCompany). */
    forgetCompanyUsers?: (companyId: string) => void;
  },
) {
  await paymentMethodsRoutes(app, {
    paymentMethods: createPaymentMethodsService({
      repo: createPaymentMethodsRepo(deps.db),
      provider: deps.provider,
      forgetCompanyUsers: deps.forgetCompanyUsers ?? (() => undefined),
    }),
  });
}
