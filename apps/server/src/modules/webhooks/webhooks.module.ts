import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { createWebhookAddressGuard, type Resolver } from './webhook-address.js';
import { createWebhookDispatcher, type WebhookDeliveryQueue } from './webhook-dispatcher.js';
import { createWebhookTransport } from './webhook-transport.js';
import { createWebhooksRepo } from './webhooks.repo.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { createWebhooksService } from './webhooks.service.js';
import type { MailMessage } from '../../providers/mail/index.js';

/**
 * Signing secrets are sealed like CRM credentials (ADR 017), under the same configured secret and
 * its rotation list, with a purpose of their own.
 */
export function webhookSecretsBox(crm: AppConfig['crm']): SecretBox {
  return createSecretBox({
    secret: crm.credentialsSecret,
    previousSecrets: crm.previousCredentialsSecrets,
    purpose: 'webhook-secrets',
  });
}

export type WebhookConfig = Pick<AppConfig, 'appUrl' | 'crm' | 'webhooks'>;

/** The dispatcher as the app and the workers build it (tests pass a resolver or transport). */
export function createWebhookDispatcherFor(
  config: WebhookConfig,
  deps: {
    db: Db;
    queue: WebhookDeliveryQueue;
    sendMail(message: MailMessage, options: { dedupeKey: string }): Promise<void>;
    resolve?: Resolver;
  },
) {
  const guard = createWebhookAddressGuard({
    allowList: config.webhooks.allowList,
    resolve: deps.resolve,
  });
  return {
    guard,
    dispatcher: createWebhookDispatcher({
      repo: createWebhooksRepo(deps.db),
      box: webhookSecretsBox(config.crm),
      transport: createWebhookTransport({
        guard,
        userAgent: `Fieldbot-Webhooks/1.0 (+${config.appUrl})`,
      }),
      queue: deps.queue,
      appUrl: config.appUrl,
      sendMail: deps.sendMail,
    }),
  };
}

export async function registerWebhooksModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: AppConfig;
    queue: WebhookDeliveryQueue;
    sendMail(message: MailMessage, options?: { dedupeKey?: string }): Promise<void>;
  },
) {
  const { guard, dispatcher } = createWebhookDispatcherFor(deps.config, deps);
  await webhooksRoutes(app, {
    webhooks: createWebhooksService({
      repo: createWebhooksRepo(deps.db),
      box: webhookSecretsBox(deps.config.crm),
      guard,
      dispatcher,
    }),
  });
}
