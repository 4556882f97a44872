import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  alertFiredDataSchema,
  customerInteractionPath,
  customerPath,
  interactionCompletedDataSchema,
  outputTagSchema,
  webhookPayloadSchema,
  type WebhookMessageType,
  type WebhookPayload,
} from '@fieldbot/shared';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { webhookHeaders, webhookMessageId } from './webhook-signing.js';
import type { WebhookTransport } from './webhook-transport.js';
import type { EndpointRow, MessageRow, WebhooksRepo } from './webhooks.repo.js';

/** Queues one message's delivery; the job id is the message id, so queueing twice adds nothing. */
export interface WebhookDeliveryQueue {
  deliver(messageId: string, options?: { test?: boolean }): Promise<void>;
}

export interface WebhookDispatcherDeps {
  repo: WebhooksRepo;
  /** Opens the endpoints' signing secrets (purpose 'webhook-secrets'). */
  box: SecretBox;
  transport: WebhookTransport;
  queue: WebhookDeliveryQueue;
  appUrl: string;
  sendMail(message: MailMessage, options: { dedupeKey: string }): Promise<void>;
  now?: () => Date;
}

export type DeliveryOutcome = 'delivered' | 'failed' | 'skipped';

/**
 * What the module reads of each event (jobs/*-events.ts publish them; the job handlers pass them
 * in): the payload's own fields plus the company.
 */
type InteractionCompletedInput = Omit<z.infer<typeof interactionCompletedDataSchema>, 'url'> & {
  company_id: string;
};
type AlertFiredInput = z.infer<typeof alertFiredDataSchema> & { company_id: string };
interface BotResultCompletedInput {
  result_id: string;
  run_id: string;
  company_id: string;
  bot_id: string;
  interaction_id: string | null;
  customer_id: string | null;
  job_id: string | null;
}

const outputTagsSchema = z.array(outputTagSchema).catch([]);

/** The secrets that sign now: the current one, and the previous one during its 24 hours. */
export function signingSecrets(box: SecretBox, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [box.open(endpoint.secretSealed)];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(box.open(endpoint.previousSecretSealed));
  }
  return secrets;
}

/**
 * Events to messages (fan-out) and messages to HTTP attempts (delivery). Both are idempotent: a
 * message is unique per (endpoint, event type, event id) and its delivery job has the message's id;
 * a settled message is never sent again.
 */
export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { repo, box, transport, queue } = deps;
  const now = deps.now ?? (() => new Date());
  const link = (path: string) => `${deps.appUrl}${path}`;

  /** One message per subscribed endpoint, each queued; returns how many endpoints subscribe. */
  async function fanOut(
    companyId: string,
    eventType: WebhookMessageType,
    eventId: string,
    data: () => Promise<WebhookPayload['data'] | null>,
  ): Promise<number> {
    const endpoints = await repo.subscribers(companyId, eventType);
    if (endpoints.length === 0) return 0;
    const payload = await data();
    if (!payload) return 0;
    // Parsed so that receivers get exactly the documented shape (shared webhookPayloadSchema).
    const at = now();
    const body = JSON.stringify(
      webhookPayloadSchema.parse({ type: eventType, timestamp: at.toISOString(), data: payload }),
    );
    for (const endpoint of endpoints) {
      const message = await repo.upsertMessage({
        companyId,
        endpointId: endpoint.id,
        eventType,
        eventId,
        body,
        createdAt: at,
      });
      if (message.status === 'pending') await queue.deliver(message.id);
    }
    return endpoints.length;
  }

  async function notifyDisabled(endpoint: EndpointRow, at: Date) {
    const emails = await deps.repo.companyAdminEmails(endpoint.companyId);
    const settings = link('/settings/webhooks');
    const text =
      `Deliveries to your webhook endpoint ${endpoint.url} kept failing for about a day, so ` +
      `Fieldbot has stopped sending events to it. Fix the receiver, then enable the endpoint ` +
      `again in Settings → Webhooks: ${settings}`;
    for (const to of emails) {
      await deps.sendMail(
        {
          to,
          subject: 'A webhook endpoint was disabled',
          text,
          html: `<p>${escapeHtml(text).replace(
            escapeHtml(settings),
            `<a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a>`,
          )}</p>`,
        },
        // The mail of one disable, once per admin, however often this runs.
        { dedupeKey: `webhook-disabled:${endpoint.id}:${at.getTime()}:${to}` },
      );
    }
    await repo.markDisabledNotified(endpoint.id, at);
  }

  async function settleFailure(message: MessageRow, endpoint: EndpointRow, at: Date) {
    if (message.eventType === WEBHOOK_TEST_EVENT) return;
    if (await repo.disableAfterFailures(endpoint.id, message.createdAt, at)) {
      await notifyDisabled(endpoint, at);
    }
  }

  return {
    fanOut,

    onInteractionCompleted(event: InteractionCompletedInput) {
      return fanOut(event.company_id, 'interaction.completed', event.interaction_id, async () => ({
        interaction_id: event.interaction_id,
        customer_id: event.customer_id,
        job_id: event.job_id,
        type: event.type,
        call_type: event.call_type,
        url: link(
          customerInteractionPath(event.customer_id, {
            id: event.interaction_id,
            type: event.type,
          }),
        ),
      }));
    },

    onBotResultCompleted(event: BotResultCompletedInput) {
      return fanOut(event.company_id, 'bot_result.completed', event.result_id, async () => {
        const details = await repo.botResultDetails(event.result_id);
        if (!details) return null;
        const url =
          event.interaction_id && details.interactionCustomerId && details.interactionType
            ? link(
                customerInteractionPath(details.interactionCustomerId, {
                  id: event.interaction_id,
                  type: details.interactionType,
                }),
              )
            : event.customer_id
              ? link(customerPath(event.customer_id))
              : null;
        return {
          result_id: event.result_id,
          run_id: event.run_id,
          bot_id: event.bot_id,
          bot_name: details.botName,
          interaction_id: event.interaction_id,
          customer_id: event.customer_id ?? details.interactionCustomerId,
          job_id: event.job_id,
          output_tags: outputTagsSchema.parse(details.outputTags ?? []),
          url,
        };
      });
    },

    onAlertFired(event: AlertFiredInput) {
      return fanOut(event.company_id, 'alert.fired', event.alert_id, async () => ({
        alert_id: event.alert_id,
        rule_id: event.rule_id,
        rule_name: event.rule_name,
        condition: event.condition,
        summary: event.summary,
        interaction_id: event.interaction_id,
        bot_result_id: event.bot_result_id,
        job_id: event.job_id,
        evidence_seconds: event.evidence_seconds,
        fired_at: event.fired_at,
      }));
    },

    /** "Send test": a webhook.test message to this endpoint alone, through the same delivery. */
    async queueTest(endpoint: EndpointRow): Promise<string> {
      const at = now();
      const body = JSON.stringify(
        webhookPayloadSchema.parse({
          type: WEBHOOK_TEST_EVENT,
          timestamp: at.toISOString(),
          data: {
            endpoint_id: endpoint.id,
            message: 'A test event from Fieldbot. Your endpoint received it.',
          },
        }),
      );
      const message = await repo.upsertMessage({
        companyId: endpoint.companyId,
        endpointId: endpoint.id,
        eventType: WEBHOOK_TEST_EVENT,
        eventId: randomUUID(),
        body,
        createdAt: at,
      });
      await queue.deliver(message.id, { test: true });
      return webhookMessageId(message.id);
    },

    /**
     * One attempt (`attempt` counts from 1; `final` when pg-boss has no retry left). A message
     * already settled is not sent again (a duplicated job); an endpoint disabled meanwhile gets
     * nothing (tests still go: the admin checks a receiver before enabling it).
     */
    async deliver(
      messageId: string,
      options: { attempt: number; final: boolean },
    ): Promise<DeliveryOutcome> {
      const row = await repo.messageWithEndpoint(messageId);
      if (!row || row.message.status !== 'pending') return 'skipped';
      const { message, endpoint } = row;
      const startedAt = now();
      const isTest = message.eventType === WEBHOOK_TEST_EVENT;
      if (endpoint.status !== 'enabled' && !isTest) {
        await repo.recordAttempt({
          messageId,
          endpointId: endpoint.id,
          attempt: options.attempt,
          status: 'failed',
          responseCode: null,
          error: 'Not sent: the endpoint is disabled.',
          durationMs: 0,
          attemptedAt: startedAt,
          settle: 'failed',
        });
        return 'skipped';
      }
      const result = await transport({
        url: endpoint.url,
        body: message.body,
        headers: webhookHeaders({
          messageId: webhookMessageId(message.id),
          secrets: signingSecrets(box, endpoint, startedAt),
          body: message.body,
          at: startedAt,
        }),
      });
      const durationMs = Math.max(0, now().getTime() - startedAt.getTime());
      const delivered = result.ok;
      await repo.recordAttempt({
        messageId,
        endpointId: endpoint.id,
        attempt: options.attempt,
        status: delivered ? 'delivered' : 'failed',
        responseCode: result.status,
        error: result.ok ? null : result.error,
        durationMs,
        attemptedAt: startedAt,
        settle: delivered ? 'delivered' : options.final ? 'failed' : null,
      });
      if (delivered) return 'delivered';
      if (options.final) await settleFailure(message, endpoint, startedAt);
      return 'failed';
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
