import {
  ROLE,
  addBotFileRequestSchema,
  botDetailResponseSchema,
  botInputSchema,
  botListQuerySchema,
  botListResponseSchema,
  botResponseSchema,
  publishBotRequestSchema,
  publishComparisonResponseSchema,
  sampleTranscriptsResponseSchema,
  testRunRequestSchema,
  testRunResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { BotFilesService } from './bot-files.service.js';
import type { BotTestRunService } from './bot-test-run.service.js';
import type { BotsService } from './bots.service.js';

/** Publisher roles with the bots permission; every query is scoped to the user's publisher. */
const auth: RouteAuth = {
  roles: [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER],
  permission: 'bots.manage',
};

/** Any string: the service answers 404 for ids that are not UUIDs, like for another's bot. */
const idParams = z.object({ id: z.string().max(100) });
const fileParams = idParams.extend({ fileId: z.string().max(100) });

export async function botsRoutes(
  app: FastifyInstance,
  deps: { bots: BotsService; files: BotFilesService; testRuns: BotTestRunService },
) {
  const { bots, files, testRuns } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/publisher/bots',
    {
      config: { auth },
      schema: { querystring: botListQuerySchema, response: { 200: botListResponseSchema } },
    },
    async (request) => ({ data: await bots.list(request.user!, request.query) }),
  );

  r.post(
    '/api/publisher/bots',
    {
      config: { auth },
      schema: { body: botInputSchema, response: { 200: botResponseSchema } },
    },
    async (request) => ({ data: await bots.create(request.user!, request.body) }),
  );

  r.get(
    '/api/publisher/bots/:id',
    {
      config: { auth },
      schema: { params: idParams, response: { 200: botDetailResponseSchema } },
    },
    async (request) => ({ data: await bots.detail(request.user!, request.params.id) }),
  );

  r.put(
    '/api/publisher/bots/:id',
    {
      config: { auth },
      schema: { params: idParams, body: botInputSchema, response: { 200: botResponseSchema } },
    },
    async (request) => ({
      data: await bots.update(request.user!, request.params.id, request.body),
    }),
  );

  r.post(
    '/api/publisher/bots/:id/publish',
    {
      config: { auth },
      schema: {
        params: idParams,
        body: publishBotRequestSchema,
        response: { 200: botResponseSchema },
      },
    },
    async (request) => ({
      data: await bots.publish(request.user!, request.params.id, request.body),
    }),
  );

  // The same publisher roles as publishing; nothing is written.
  r.post(
    '/api/publisher/bots/:id/publish-preview',
    {
      config: { auth },
      schema: { params: idParams, response: { 200: publishComparisonResponseSchema } },
    },
    async (request) => ({ data: await bots.publishPreview(request.user!, request.params.id) }),
  );

  r.post(
    '/api/publisher/bots/:id/archive',
    {
      config: { auth },
      schema: { params: idParams, response: { 200: botResponseSchema } },
    },
    async (request) => ({ data: await bots.archive(request.user!, request.params.id) }),
  );

  r.post(
    '/api/publisher/bots/:id/files',
    {
      config: { auth },
      schema: {
        params: idParams,
        body: addBotFileRequestSchema,
        response: { 200: botResponseSchema },
      },
    },
    async (request) => ({
      data: await files.attach(request.user!, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/publisher/bots/:id/files/:fileId',
    {
      config: { auth },
      schema: { params: fileParams, response: { 200: botResponseSchema } },
    },
    async (request) => ({
      data: await files.remove(request.user!, request.params.id, request.params.fileId),
    }),
  );

  r.post(
    '/api/publisher/bots/test-run',
    {
      config: { auth },
      schema: { body: testRunRequestSchema, response: { 200: testRunResponseSchema } },
    },
    async (request) => ({ data: await testRuns.run(request.user!, request.body) }),
  );

  r.get(
    '/api/publisher/sample-transcripts',
    {
      config: { auth },
      schema: { response: { 200: sampleTranscriptsResponseSchema } },
    },
    async () => ({ data: testRuns.samples() }),
  );
}
