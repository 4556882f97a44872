import type { BillingConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxPaymentProvider } from './sandbox-provider.js';
import { createStripePaymentProvider } from './stripe-provider.js';

export * from './payment-provider.js';
export {
  createSandboxPaymentProvider,
  isSandboxProvider,
  sandboxWebhookSecret,
  SandboxNotFoundError,
  type SandboxPaymentProvider,
} from './sandbox-provider.js';
export { createStripePaymentProvider } from './stripe-provider.js';

/**
 * Stripe when its keys are configured, else the built-in sandbox (offline, Stripe's test cards).
 * `secret` is the session secret: the sandbox derives its webhook signing secret from it.
 */
export function createPaymentProvider(
  billing: BillingConfig,
  db: Db,
  secret: string,
): PaymentProvider {
  return billing.stripe
    ? createStripePaymentProvider(billing.stripe)
    : createSandboxPaymentProvider(db, secret);
}
