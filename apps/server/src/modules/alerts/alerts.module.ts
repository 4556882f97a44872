import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createAlertsRepo } from './alerts.repo.js';
import { alertsRoutes } from './alerts.routes.js';
import { createAlertsService } from './alerts.service.js';
import { notificationsRoutes, type StreamTiming } from './notifications.routes.js';

/** Alert rules, notifications, preferences and unsubscribe links (ADR 029). */
export async function registerAlertsModule(
  app: FastifyInstance,
  deps: { db: Db; secret: string; stream?: StreamTiming },
) {
  const alerts = createAlertsService({ repo: createAlertsRepo(deps.db), secret: deps.secret });
  await alertsRoutes(app, { alerts });
  await notificationsRoutes(app, { alerts, stream: deps.stream });
}
