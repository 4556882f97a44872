import {
  backRunEstimateResponseSchema,
  backRunParamsSchema,
  backRunRequestSchema,
  backRunResponseSchema,
  ROLE,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { BotBackRunsService } from './bot-back-runs.service.js';

/** A back-run spends the company's money on many interactions: the company admin's call. */
const adminAuth: RouteAuth = { roles: [ROLE.COMPANY_ADMIN], permission: 'interactions.view' };

export async function botBackRunsRoutes(
  app: FastifyInstance,
  deps: { backRuns: BotBackRunsService },
) {
  const { backRuns } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/company/bot-back-run/estimate',
    {
      config: { auth: adminAuth },
      schema: { body: backRunRequestSchema, response: { 200: backRunEstimateResponseSchema } },
    },
    async (request) => ({ data: await backRuns.estimate(request.user!, request.body) }),
  );

  r.post(
    '/api/company/bot-back-run',
    {
      config: { auth: adminAuth },
      schema: { body: backRunRequestSchema, response: { 200: backRunResponseSchema } },
    },
    async (request) => ({ data: await backRuns.create(request.user!, request.body) }),
  );

  r.get(
    '/api/company/bot-back-run/:id',
    {
      config: { auth: adminAuth },
      schema: { params: backRunParamsSchema, response: { 200: backRunResponseSchema } },
    },
    async (request) => ({ data: await backRuns.get(request.user!, request.params.id) }),
  );

  r.post(
    '/api/company/bot-back-run/:id/cancel',
    {
      config: { auth: adminAuth },
      schema: { params: backRunParamsSchema, response: { 200: backRunResponseSchema } },
    },
    async (request) => ({ data: await backRuns.cancel(request.user!, request.params.id) }),
  );
}
