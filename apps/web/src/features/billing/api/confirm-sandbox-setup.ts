import { sandboxConfirmSetupResponseSchema, type SandboxConfirmSetupBody } from '@fieldbot/shared';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type SandboxConfirmSetupResponse = z.infer<typeof sandboxConfirmSetupResponseSchema>;

/**
 * POST /api/payments/sandbox/confirm-setup: the built-in sandbox's stand-in for Stripe.js. The full
 * number goes here only, never to the company API; a card error answers 402 {message, code}.
 */
export function confirmSandboxSetup(
  body: SandboxConfirmSetupBody,
): Promise<SandboxConfirmSetupResponse> {
  return http.post('/api/payments/sandbox/confirm-setup', body, sandboxConfirmSetupResponseSchema);
}
