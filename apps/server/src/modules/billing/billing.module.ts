import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import type { PaymentProvider } from '../../providers/payments/payment-provider.js';
import { periodUsages } from '../usage/index.js';
import { createBillingRepo } from './billing.repo.js';
import { billingRoutes } from './billing.routes.js';
import { createBillingService, type BillingService } from './billing.service.js';

export interface BillingModuleDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'billing'>;
  payments: PaymentProvider;
  sendMail(message: MailMessage): Promise<void>;
  /** session.forgetUser in the web process; a no-op elsewhere (the cache expires by itself). */
  forgetUser?(userId: string): void;
  /** Queues a capacity check, which resumes work paused while payment was due. */
  paymentStateChanged?(companyId: string): Promise<void>;
  now?: () => Date;
}

/** The one billing service the routes, the close job and the operator command share. */
export function createBilling(deps: BillingModuleDeps): BillingService {
  const { db, config } = deps;
  return createBillingService({
    repo: createBillingRepo(db),
    payments: deps.payments,
    usage: (windows) => periodUsages(db, windows, config.billing.pricePerMinuteCents),
    pricePerMinuteCents: config.billing.pricePerMinuteCents,
    sendMail: deps.sendMail,
    forgetUsers: deps.forgetUser ? (ids) => ids.forEach((id) => deps.forgetUser!(id)) : undefined,
    paymentStateChanged: deps.paymentStateChanged,
    appUrl: config.appUrl,
    now: deps.now,
  });
}

export async function registerBillingModule(
  app: FastifyInstance,
  deps: BillingModuleDeps,
): Promise<BillingService> {
  const billing = createBilling(deps);
  await billingRoutes(app, { billing });
  return billing;
}
