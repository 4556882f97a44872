import {
  customersExportPath,
  customersExportQuerySchema,
  exportFileName,
  customerDetailResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerParamsSchema,
  interactionDetailResponseSchema,
  interactionsExportParamsSchema,
  interactionsExportPath,
  interactionsExportQuerySchema,
  interactionListQuerySchema,
  interactionListResponseSchema,
  interactionParamsSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { interactionViewers } from '../../plugins/route-auth.js';
import { sendCsv } from '../../lib/csv-response.js';
import { interactionAudits } from '../audit-log/index.js';
import type { InteractionsService } from './interactions.service.js';
import { parseRangeHeader } from './range-header.js';

const auth = interactionViewers;

/**
 * Browsers may keep the audio for a while (seeking back re-reads it); `private` keeps it out of
 * shared caches, since the route is session-checked.
 */
const AUDIO_CACHE_CONTROL = 'private, max-age=3600';

export async function interactionsRoutes(
  app: FastifyInstance,
  deps: { interactions: InteractionsService },
) {
  const { interactions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/customers',
    {
      config: { auth },
      schema: {
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema },
      },
    },
    async (request) => ({ data: await interactions.customers(request.user!, request.query) }),
  );

  r.get(
    customersExportPath,
    { config: { auth }, schema: { querystring: customersExportQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('customers', new Date()),
        interactions.customersCsv(request.user!, request.query),
      ),
  );

  r.get(
    '/api/company/customer/:id',
    {
      config: { auth },
      schema: { params: customerParamsSchema, response: { 200: customerDetailResponseSchema } },
    },
    async (request) => ({ data: await interactions.customer(request.user!, request.params.id) }),
  );

  r.get(
    '/api/company/interactions/:id',
    {
      config: { auth },
      schema: {
        params: customerParamsSchema,
        querystring: interactionListQuerySchema,
        response: { 200: interactionListResponseSchema },
      },
    },
    async (request) => ({
      data: await interactions.interactions(request.user!, request.params.id, request.query),
    }),
  );

  r.get(
    interactionsExportPath(':customerId'),
    {
      config: { auth },
      schema: {
        params: interactionsExportParamsSchema,
        querystring: interactionsExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('interactions', new Date()),
        await interactions.interactionsCsv(request.user!, request.params.customerId, request.query),
      ),
  );

  r.get(
    '/api/company/interaction/:interactionId/:interactionType',
    {
      config: { auth, audit: interactionAudits.transcriptView },
      schema: {
        params: interactionParamsSchema,
        response: { 200: interactionDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await interactions.interaction(
        request.user!,
        request.params.interactionId,
        request.params.interactionType,
      ),
    }),
  );

  /** The merged audio with HTTP Range support, so players seek without downloading it all. */
  r.get(
    '/api/company/interaction/:interactionId/:interactionType/audio',
    {
      config: { auth, audit: interactionAudits.audio },
      schema: { params: interactionParamsSchema },
    },
    async (request, reply) => {
      const { object, contentType } = await interactions.audio(
        request.user!,
        request.params.interactionId,
        request.params.interactionType,
        parseRangeHeader(request.headers.range),
      );
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', contentType)
        .header('cache-control', AUDIO_CACHE_CONTROL)
        .header('content-disposition', 'inline');
      if (object.range) {
        const { start, end } = object.range;
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${object.size}`)
          .header('content-length', String(end - start + 1))
          .send(object.body);
      }
      return reply.code(200).header('content-length', String(object.size)).send(object.body);
    },
  );

  r.get(
    '/api/company/interaction/:interactionId/:interactionType/transcript',
    {
      config: { auth, audit: interactionAudits.transcriptDownload },
      schema: { params: interactionParamsSchema },
    },
    async (request, reply) => {
      const file = await interactions.transcript(
        request.user!,
        request.params.interactionId,
        request.params.interactionType,
      );
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  );
}
