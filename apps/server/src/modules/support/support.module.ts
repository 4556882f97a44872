import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { createSupportRepo } from './support.repo.js';
import { supportRoutes } from './support.routes.js';
import { createSupportService } from './support.service.js';

/** Support messages and the client configuration of the third-party widgets; registers the routes. */
export async function registerSupportModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    sendMail(message: MailMessage): Promise<void>;
    config: Pick<AppConfig, 'supportEmail' | 'appUrl' | 'posthog' | 'intercomAppId'>;
  },
) {
  const { config } = deps;
  await supportRoutes(app, {
    support: createSupportService({
      repo: createSupportRepo(deps.db),
      sendMail: deps.sendMail,
      supportEmail: config.supportEmail,
      appUrl: config.appUrl,
    }),
    clientConfig: {
      posthog_key: config.posthog?.key ?? null,
      posthog_host: config.posthog?.host ?? null,
      intercom_app_id: config.intercomAppId ?? null,
    },
  });
}
