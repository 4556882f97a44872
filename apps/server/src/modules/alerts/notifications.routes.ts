import {
  ALERT_RECIPIENT_ROLES,
  NOTIFICATION_STREAM,
  notificationIdParamsSchema,
  notificationsPath,
  notificationsQuerySchema,
  notificationsReadAllPath,
  notificationsResponseSchema,
  notificationsStreamPath,
  notificationsUnreadPath,
  unreadCountResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { AlertsService } from './alerts.service.js';

/**
 * Every company role reads its own notifications; nobody reads anyone else's. Also before set-up
 * completes: the header's bell appears as soon as the page sees the account set up, possibly a
 * moment before this session's user does, and a 403 there would read as "No Access".
 */
const members: RouteAuth = { roles: ALERT_RECIPIENT_ROLES, setup: 'any' };

export interface StreamTiming {
  pollMs: number;
  heartbeatMs: number;
  lifetimeMs: number;
}

export async function notificationsRoutes(
  app: FastifyInstance,
  deps: { alerts: AlertsService; stream?: StreamTiming },
) {
  const { alerts } = deps;
  const timing = deps.stream ?? NOTIFICATION_STREAM;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    notificationsPath,
    {
      config: { auth: members },
      schema: {
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => ({ data: await alerts.notifications(request.user!, request.query) }),
  );

  r.get(
    notificationsUnreadPath,
    { config: { auth: members }, schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => ({ data: await alerts.unread(request.user!) }),
  );

  r.post(
    `${notificationsPath}/:id/read`,
    {
      config: { auth: members },
      schema: { params: notificationIdParamsSchema, response: { 200: unreadCountResponseSchema } },
    },
    async (request) => ({ data: await alerts.markRead(request.user!, request.params.id) }),
  );

  r.post(
    notificationsReadAllPath,
    { config: { auth: members }, schema: { response: { 200: unreadCountResponseSchema } } },
    async (request) => ({ data: await alerts.markAllRead(request.user!) }),
  );

  /**
   * Server-sent events of the unread count. Each stream re-reads the count every few seconds
   * (an indexed count of one user's unread rows) rather than LISTEN/NOTIFY: it works the same on
   * PGlite and on PostgreSQL with several processes, whichever process made the notification.
   * Streams end after a while (EventSource reconnects, so the session is checked again) and when
   * the server closes.
   */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(notificationsStreamPath, { config: { auth: members } }, async (request, reply) => {
    const user = request.user!;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Tells a buffering proxy (nginx) to pass events through at once.
      'x-accel-buffering': 'no',
    });
    let last = -1;
    let ended = false;
    const send = async () => {
      try {
        const { unread } = await alerts.unread(user);
        if (!ended && unread !== last) {
          last = unread;
          raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'notification stream read failed');
      }
    };
    const poll = setInterval(() => void send(), timing.pollMs);
    const beat = setInterval(() => raw.write(': heartbeat\n\n'), timing.heartbeatMs);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(poll);
      clearInterval(beat);
      clearTimeout(lifetime);
      open.delete(end);
      raw.end();
    };
    const lifetime = setTimeout(end, timing.lifetimeMs);
    open.add(end);
    request.raw.on('close', end);
    raw.write(`retry: ${timing.pollMs}\n\n`);
    await send();
  });
}
