/** Outgoing webhooks (ADR 031). Code outside the module imports it from here only. */
export {
  EMPTY_ALLOW_LIST,
  parseWebhookAllowList,
  type WebhookAllowList,
} from './webhook-address.js';
export type { WebhookDeliveryQueue, WebhookDispatcher } from './webhook-dispatcher.js';
export { resealWebhookSecrets } from './webhook-reseal.js';
export {
  createWebhookDispatcherFor,
  registerWebhooksModule,
  webhookSecretsBox,
  type WebhookConfig,
} from './webhooks.module.js';
