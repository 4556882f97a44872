import type { PaymentProvider } from '../../providers/payments/payment-provider.js';

/**
 * Stand-in until providers/payments/index.ts (the sandbox and Stripe adapters, branch `payments`)
 * is merged: every charge fails with a clear reason and no webhook verifies. The integrator
 * replaces its two uses (server.ts, worker.ts) with createPaymentProvider and deletes this file.
 */
export function unconfiguredPaymentProvider(): PaymentProvider {
  const missing = () => {
    throw new Error('No payment provider is configured.');
  };
  return {
    kind: 'sandbox',
    publishableKey: null,
    createCustomer: missing,
    createSetupIntent: missing,
    attachPaymentMethod: missing,
    async charge() {
      return {
        status: 'failed',
        providerPaymentId: null,
        failureMessage: 'No payment provider is configured.',
      };
    },
    parseWebhook: missing,
  };
}
