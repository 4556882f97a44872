import {
  botFeedbackRequestSchema,
  botResultParamsSchema,
  botResultResponseSchema,
  botRunRequestSchema,
  customerParamsSchema,
  interactionParamsSchema,
  messageResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { interactionViewers, resultReviewers } from '../../plugins/route-auth.js';
import type { BotRunsService } from './bot-runs.service.js';

/** Whoever sees interactions runs bots and reads results (within their scope). */
const companyAuth = interactionViewers;

export async function botRunsRoutes(app: FastifyInstance, deps: { botRuns: BotRunsService }) {
  const { botRuns } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/company/bot-run',
    {
      config: { auth: companyAuth },
      schema: { body: botRunRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => botRuns.start(request.user!, request.body),
  );

  r.get(
    '/api/company/bot-result/interaction/:interactionId/:interactionType',
    {
      config: { auth: companyAuth },
      schema: { params: interactionParamsSchema, response: { 200: botResultResponseSchema } },
    },
    async (request) => ({
      data: await botRuns.interactionResult(
        request.user!,
        request.params.interactionId,
        request.params.interactionType,
      ),
    }),
  );

  r.get(
    '/api/company/bot-result/customer/:id',
    {
      config: { auth: companyAuth },
      schema: { params: customerParamsSchema, response: { 200: botResultResponseSchema } },
    },
    async (request) => ({ data: await botRuns.customerResult(request.user!, request.params.id) }),
  );

  r.put(
    '/api/company/bot-result/:resultId/feedback',
    {
      config: { auth: resultReviewers },
      schema: {
        params: botResultParamsSchema,
        body: botFeedbackRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => botRuns.feedback(request.user!, request.params.resultId, request.body),
  );
}
