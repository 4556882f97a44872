import {
  V1_PATHS,
  v1BotResultListQuerySchema,
  v1BotResultListResponseSchema,
  v1ErrorSchema,
  v1InteractionBotResultsResponseSchema,
  v1InteractionListQuerySchema,
  v1InteractionListResponseSchema,
  v1InteractionParamsSchema,
  v1InteractionResponseSchema,
  type ApiKeyScope,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicApiService } from './public-api.service.js';

/** The error answers every /api/v1 route may give; documented, and parsed by the same schema. */
const errors = { 401: v1ErrorSchema, 403: v1ErrorSchema, 422: v1ErrorSchema, 429: v1ErrorSchema };

/** Route options shared by every /api/v1 route: its scope, OpenAPI tag and security. */
const readWith = (scope: ApiKeyScope, tag: string) => ({
  config: { auth: { apiKey: scope } },
  tags: [tag],
  security: [{ apiKey: [scope] }],
});

export async function publicApiRoutes(app: FastifyInstance, deps: { api: PublicApiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { api } = deps;
  const interactions = readWith('interactions:read', 'Interactions');
  const results = readWith('bot_results:read', 'Bot results');

  r.get(
    V1_PATHS.interactions,
    {
      config: interactions.config,
      schema: {
        summary: 'List interactions',
        description:
          'Field recordings and CSR calls of the key’s company, newest first. Page with `next_cursor`; poll for changes with `updated_since`.',
        tags: interactions.tags,
        security: interactions.security,
        querystring: v1InteractionListQuerySchema,
        response: { 200: v1InteractionListResponseSchema, ...errors },
      },
    },
    async (request) => api.interactions(request.apiKey!, request.query),
  );

  r.get(
    V1_PATHS.interaction(':id'),
    {
      config: interactions.config,
      schema: {
        summary: 'Get an interaction with its transcript',
        description: 'The interaction, its transcript text and its timed transcript segments.',
        tags: interactions.tags,
        security: interactions.security,
        params: v1InteractionParamsSchema,
        response: { 200: v1InteractionResponseSchema, 404: v1ErrorSchema, ...errors },
      },
    },
    async (request) => ({ data: await api.interaction(request.apiKey!, request.params.id) }),
  );

  r.get(
    V1_PATHS.interactionBotResults(':id'),
    {
      config: results.config,
      schema: {
        summary: 'Latest bot results of an interaction',
        description: 'Each bot’s latest result on the interaction, running ones included.',
        tags: results.tags,
        security: results.security,
        params: v1InteractionParamsSchema,
        response: { 200: v1InteractionBotResultsResponseSchema, 404: v1ErrorSchema, ...errors },
      },
    },
    async (request) => ({
      data: await api.interactionBotResults(request.apiKey!, request.params.id),
    }),
  );

  r.get(
    V1_PATHS.botResults,
    {
      config: results.config,
      schema: {
        summary: 'List finished bot results',
        description:
          'Finished bot results of the key’s company, most recently finished first. Page with `next_cursor`; poll with `finished_since`.',
        tags: results.tags,
        security: results.security,
        querystring: v1BotResultListQuerySchema,
        response: { 200: v1BotResultListResponseSchema, ...errors },
      },
    },
    async (request) => api.botResults(request.apiKey!, request.query),
  );
}
