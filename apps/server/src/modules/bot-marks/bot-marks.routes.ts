import {
  BOT_MARK_MESSAGES,
  botResultParamsSchema,
  messageResponseSchema,
  missedMarkParamsSchema,
  missedMarkRequestSchema,
  missedMarkResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resultReviewers } from '../../plugins/route-auth.js';
import type { BotMarksService } from './bot-marks.service.js';

/** The same reviewers as Correct / Wrong, each within their company's results. */
export async function botMarksRoutes(app: FastifyInstance, deps: { marks: BotMarksService }) {
  const { marks } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/company/bot-result/:resultId/missed',
    {
      config: { auth: resultReviewers },
      schema: {
        params: botResultParamsSchema,
        body: missedMarkRequestSchema,
        response: { 200: missedMarkResponseSchema },
      },
    },
    async (request) => ({
      message: BOT_MARK_MESSAGES.missedSaved,
      data: await marks.addMissed(request.user!, request.params.resultId, request.body),
    }),
  );

  r.delete(
    '/api/company/bot-result/:resultId/missed/:markId',
    {
      config: { auth: resultReviewers },
      schema: { params: missedMarkParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await marks.removeMissed(request.user!, request.params.resultId, request.params.markId);
      return { message: BOT_MARK_MESSAGES.missedRemoved };
    },
  );
}
