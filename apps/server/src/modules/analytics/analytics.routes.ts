import {
  ANALYTICS_EVENTS_PATH,
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnalyticsService } from './analytics.service.js';

/** A full batch (50 events of 20 short properties) is about 30 KB; more is not from our web app. */
const BATCH_BODY_LIMIT = 64 * 1024;

export async function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    ANALYTICS_EVENTS_PATH,
    {
      // Any logged-in user, set up or not: playback and card events happen on every screen.
      config: { auth: { setup: 'any' } },
      bodyLimit: BATCH_BODY_LIMIT,
      schema: { body: analyticsBatchSchema, response: { 200: analyticsBatchResponseSchema } },
    },
    async (request) => ({
      data: { accepted: await deps.analytics.record(request.user!, request.body) },
    }),
  );
}
