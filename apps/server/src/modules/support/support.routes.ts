import {
  CLIENT_CONFIG_PATH,
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PATH,
  clientConfigResponseSchema,
  supportMessageBodySchema,
  supportMessageResponseSchema,
  type ClientConfig,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SupportService } from './support.service.js';

export async function supportRoutes(
  app: FastifyInstance,
  deps: { support: SupportService; clientConfig: ClientConfig },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: only browser-side keys (made to be seen by every visitor), so the login page can know them.
  r.get(
    CLIENT_CONFIG_PATH,
    {
      config: { auth: 'public' },
      schema: { response: { 200: clientConfigResponseSchema } },
    },
    async () => ({ data: deps.clientConfig }),
  );

  r.post(
    SUPPORT_MESSAGES_PATH,
    {
      // Help is for everyone logged in, including accounts stuck in set-up.
      config: { auth: { setup: 'any' } },
      schema: { body: supportMessageBodySchema, response: { 200: supportMessageResponseSchema } },
    },
    async (request) => {
      await deps.support.send(request.user!, request.body);
      return { message: SUPPORT_MESSAGES.sent };
    },
  );
}
