import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_MS,
  webhookEventTypeSchema,
  webhookMessageTypeSchema,
  type User,
  type WebhookDeliveriesResponse,
  type WebhookEndpoint,
  type saveWebhookEndpointRequestSchema,
} from '@fieldbot/shared';
import type { z } from 'zod';
import { DomainError, fieldError, forbidden } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { WebhookAddressError, type WebhookAddressGuard } from './webhook-address.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';
import { newWebhookSecret, webhookMessageId } from './webhook-signing.js';
import type { EndpointRow, WebhookAudit, WebhooksRepo } from './webhooks.repo.js';

type SaveBody = z.output<typeof saveWebhookEndpointRequestSchema>;

export interface WebhooksServiceDeps {
  repo: WebhooksRepo;
  box: SecretBox;
  guard: WebhookAddressGuard;
  dispatcher: Pick<WebhookDispatcher, 'queueTest'>;
  now?: () => Date;
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** `webhook.<verb>` events of AUDIT_EVENTS. */
type WebhookAuditVerb =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'enabled'
  | 'disabled'
  | 'secret_revealed'
  | 'secret_rotated'
  | 'test_sent';

const notFound = () => new DomainError(404, WEBHOOK_MESSAGES.notFound);

function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw forbidden();
  return id;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function toEndpoint(
  row: EndpointRow,
  last: { status: 'delivered' | 'failed' | null; attemptedAt: Date | null } = {
    status: null,
    attemptedAt: null,
  },
  now = new Date(),
): WebhookEndpoint {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes.flatMap((t) => {
      const parsed = webhookEventTypeSchema.safeParse(t);
      return parsed.success ? [parsed.data] : [];
    }),
    status: row.status,
    disabled_at: iso(row.disabledAt),
    previous_secret_expires_at: overlap ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
    last_delivery:
      last.status && last.attemptedAt
        ? { status: last.status, attempted_at: last.attemptedAt.toISOString() }
        : null,
  };
}

/** Settings → Webhooks (company admins): endpoints, their secrets, tests and delivery log. */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { repo, box, guard } = deps;
  const now = deps.now ?? (() => new Date());

  const audit = (
    viewer: User,
    ip: string,
    event: WebhookAuditVerb,
    meta: Record<string, unknown> = {},
  ): WebhookAudit => ({
    event: `webhook.${event}`,
    userId: viewer.id,
    ip,
    companyId: companyOf(viewer),
    meta: { company_id: companyOf(viewer), ...meta },
  });

  async function find(viewer: User, id: string) {
    const row = await repo.find(companyOf(viewer), id);
    if (!row) throw notFound();
    return row;
  }

  /** The address is checked now and again at every delivery (DNS may change in between). */
  async function checkUrl(url: string) {
    try {
      await guard.check(url);
    } catch (error) {
      if (error instanceof WebhookAddressError) throw fieldError('url', error.message);
      throw error;
    }
  }

  const reveal = (row: EndpointRow) => ({
    secret: box.open(row.secretSealed),
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
  });

  return {
    async list(viewer: User): Promise<WebhookEndpoint[]> {
      const at = now();
      return (await repo.list(companyOf(viewer))).map((r) =>
        toEndpoint(r.endpoint, { status: r.lastStatus, attemptedAt: r.lastAttemptedAt }, at),
      );
    },

    async create(viewer: User, body: SaveBody, ip: string): Promise<WebhookEndpoint> {
      const companyId = companyOf(viewer);
      await checkUrl(body.url);
      if ((await repo.countForCompany(companyId)) >= WEBHOOK_MAX_ENDPOINTS) {
        throw fieldError('url', WEBHOOK_MESSAGES.tooMany);
      }
      const row = await repo.insert(
        {
          companyId,
          url: body.url,
          description: body.description,
          eventTypes: body.event_types,
          secretSealed: box.seal(newWebhookSecret()),
          createdById: viewer.id,
        },
        audit(viewer, ip, 'created', { url: body.url, event_types: body.event_types }),
      );
      return toEndpoint(row, undefined, now());
    },

    async update(viewer: User, id: string, body: SaveBody, ip: string): Promise<WebhookEndpoint> {
      await find(viewer, id);
      await checkUrl(body.url);
      const row = await repo.update(
        companyOf(viewer),
        id,
        { url: body.url, description: body.description, eventTypes: body.event_types },
        audit(viewer, ip, 'updated', {
          endpoint_id: id,
          url: body.url,
          event_types: body.event_types,
        }),
      );
      if (!row) throw notFound();
      return toEndpoint(row, undefined, now());
    },

    async remove(viewer: User, id: string, ip: string): Promise<void> {
      const removed = await repo.remove(
        companyOf(viewer),
        id,
        audit(viewer, ip, 'deleted', { endpoint_id: id }),
      );
      if (!removed) throw notFound();
    },

    /** Enabling also clears an automatic disable, so the next failures can disable (and mail) again. */
    async setEnabled(
      viewer: User,
      id: string,
      enabled: boolean,
      ip: string,
    ): Promise<WebhookEndpoint> {
      await find(viewer, id);
      const at = now();
      const row = await repo.update(
        companyOf(viewer),
        id,
        enabled
          ? { status: 'enabled', disabledAt: null, disabledNotifiedAt: null }
          : { status: 'disabled', disabledAt: at },
        audit(viewer, ip, enabled ? 'enabled' : 'disabled', { endpoint_id: id }),
      );
      if (!row) throw notFound();
      return toEndpoint(row, undefined, at);
    },

    async secret(viewer: User, id: string, ip: string) {
      const row = await find(viewer, id);
      await repo.audit(audit(viewer, ip, 'secret_revealed'), id);
      return reveal(row);
    },

    /** A new secret; the current one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS. */
    async rotate(viewer: User, id: string, ip: string) {
      const current = await find(viewer, id);
      const row = await repo.update(
        companyOf(viewer),
        id,
        {
          secretSealed: box.seal(newWebhookSecret()),
          previousSecretSealed: current.secretSealed,
          previousSecretExpiresAt: new Date(now().getTime() + WEBHOOK_SECRET_OVERLAP_MS),
        },
        audit(viewer, ip, 'secret_rotated', { endpoint_id: id }),
      );
      if (!row) throw notFound();
      return reveal(row);
    },

    async sendTest(viewer: User, id: string, ip: string): Promise<string> {
      const endpoint = await find(viewer, id);
      const messageId = await deps.dispatcher.queueTest(endpoint);
      await repo.audit(audit(viewer, ip, 'test_sent', { message_id: messageId }), id);
      return messageId;
    },

    async deliveries(viewer: User, id: string, page: number): Promise<WebhookDeliveriesResponse> {
      const endpoint = await find(viewer, id);
      const { rows, total } = await repo.deliveries(
        endpoint.id,
        page,
        WEBHOOK_DELIVERIES_PAGE_SIZE,
      );
      return {
        data: rows.map(({ delivery, eventType }) => ({
          id: delivery.id,
          message_id: webhookMessageId(delivery.messageId),
          event_type: webhookMessageTypeSchema.parse(eventType),
          attempt: delivery.attempt,
          status: delivery.status,
          response_code: delivery.responseCode,
          error: delivery.error,
          duration_ms: delivery.durationMs,
          attempted_at: delivery.attemptedAt.toISOString(),
        })),
        meta: { page, per_page: WEBHOOK_DELIVERIES_PAGE_SIZE, total },
      };
    },
  };
}
