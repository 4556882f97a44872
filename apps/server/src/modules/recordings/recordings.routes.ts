import {
  callDownloadBodySchema,
  createRecordingBodySchema,
  createRecordingResponseSchema,
  customerParamsSchema,
  messageResponseSchema,
  openJobsResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { interactionViewers } from '../../plugins/route-auth.js';
import type { RecordingsService } from './recordings.service.js';

/** A day-long visit in RECORDING_CHUNK_MS chunks lists ~17,000 file URLs of ~120 bytes. */
const RECORDINGS_BODY_LIMIT = 4 * 1024 * 1024;

const auth = interactionViewers;

export async function recordingRoutes(
  app: FastifyInstance,
  deps: { recordings: RecordingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/company/recordings',
    {
      config: { auth },
      bodyLimit: RECORDINGS_BODY_LIMIT,
      schema: { body: createRecordingBodySchema, response: { 200: createRecordingResponseSchema } },
    },
    async (request) => ({ data: await deps.recordings.create(request.user!, request.body) }),
  );

  r.get(
    '/api/company/customer/:id/open-jobs',
    {
      config: { auth },
      schema: { params: customerParamsSchema, response: { 200: openJobsResponseSchema } },
    },
    async (request) => ({
      data: await deps.recordings.openJobs(request.user!, request.params.id),
    }),
  );

  r.post(
    '/api/company/call/download',
    {
      config: { auth },
      schema: {
        body: callDownloadBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => deps.recordings.downloadCalls(request.user!, request.body),
  );
}
