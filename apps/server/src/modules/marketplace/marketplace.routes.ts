import {
  ROLE,
  companyDeprecationsPath,
  companyDeprecationsResponseSchema,
  deprecateBodySchema,
  deprecateParamsSchema,
  marketplaceBotDetailResponseSchema,
  marketplaceBotListQuerySchema,
  marketplaceBotListResponseSchema,
  marketplaceBotParamsSchema,
  marketplaceBotsPath,
  marketplacePublisherParamsSchema,
  marketplacePublisherResponseSchema,
  ratingBodySchema,
  ratingListQuerySchema,
  ratingListResponseSchema,
  ratingReplyBodySchema,
  ratingReplyParamsSchema,
  ratingReplyResponseSchema,
  ratingSavedResponseSchema,
  deprecateResponseSchema,
  subscriptionResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { MarketplaceService } from './marketplace.service.js';
import type { PublisherMarketplaceService } from './publisher-marketplace.service.js';

/** The marketplace belongs to the company admin's route set (spec §2). */
const companyAuth: RouteAuth = { roles: [ROLE.COMPANY_ADMIN], permission: 'marketplace.view' };
/** A publisher's own bots: the bots permission, both publisher roles. */
const publisherAuth: RouteAuth = {
  roles: [ROLE.PUBLISHER_ADMIN, ROLE.PUBLISHER_USER],
  permission: 'bots.manage',
};

const botPath = `${marketplaceBotsPath}/:botId`;

export async function marketplaceRoutes(
  app: FastifyInstance,
  deps: { marketplace: MarketplaceService; publisher: PublisherMarketplaceService },
) {
  const { marketplace, publisher } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    marketplaceBotsPath,
    {
      config: { auth: companyAuth },
      schema: {
        querystring: marketplaceBotListQuerySchema,
        response: { 200: marketplaceBotListResponseSchema },
      },
    },
    async (request) => ({ data: await marketplace.list(request.user!, request.query) }),
  );

  r.get(
    botPath,
    {
      config: { auth: companyAuth },
      schema: {
        params: marketplaceBotParamsSchema,
        response: { 200: marketplaceBotDetailResponseSchema },
      },
    },
    async (request) => ({ data: await marketplace.detail(request.user!, request.params.botId) }),
  );

  r.get(
    '/api/marketplace/publishers/:publisherId',
    {
      config: { auth: companyAuth },
      schema: {
        params: marketplacePublisherParamsSchema,
        response: { 200: marketplacePublisherResponseSchema },
      },
    },
    async (request) => ({
      data: await marketplace.publisher(request.user!, request.params.publisherId),
    }),
  );

  const subscriptionRoute = { auth: companyAuth };
  const subscriptionSchema = {
    params: marketplaceBotParamsSchema,
    response: { 200: subscriptionResponseSchema },
  };
  r.post(
    `${botPath}/subscribe`,
    { config: subscriptionRoute, schema: subscriptionSchema },
    async (request) => marketplace.subscribe(request.user!, request.params.botId),
  );
  r.post(
    `${botPath}/unsubscribe`,
    { config: subscriptionRoute, schema: subscriptionSchema },
    async (request) => marketplace.unsubscribe(request.user!, request.params.botId),
  );
  r.post(
    `${botPath}/update`,
    { config: subscriptionRoute, schema: subscriptionSchema },
    async (request) => marketplace.update(request.user!, request.params.botId),
  );

  r.put(
    `${botPath}/rating`,
    {
      config: { auth: companyAuth },
      schema: {
        params: marketplaceBotParamsSchema,
        body: ratingBodySchema,
        response: { 200: ratingSavedResponseSchema },
      },
    },
    async (request) => marketplace.rate(request.user!, request.params.botId, request.body),
  );

  r.get(
    `${botPath}/ratings`,
    {
      config: { auth: companyAuth },
      schema: {
        params: marketplaceBotParamsSchema,
        querystring: ratingListQuerySchema,
        response: { 200: ratingListResponseSchema },
      },
    },
    async (request) => ({
      data: await marketplace.ratings(request.user!, request.params.botId, request.query.page),
    }),
  );

  r.get(
    companyDeprecationsPath,
    {
      // The banner sits on every page of the app, onboarding's too: a 403 there would put the
      // whole app on No Access (the web counts the CRM connected once saved, the server at Sync).
      config: {
        auth: { roles: [ROLE.COMPANY_ADMIN], permission: 'marketplace.view', setup: 'any' },
      },
      schema: { response: { 200: companyDeprecationsResponseSchema } },
    },
    async (request) => ({ data: await marketplace.deprecations(request.user!) }),
  );

  r.get(
    '/api/publisher/bots/:botId/ratings',
    {
      config: { auth: publisherAuth },
      schema: {
        params: marketplaceBotParamsSchema,
        querystring: ratingListQuerySchema,
        response: { 200: ratingListResponseSchema },
      },
    },
    async (request) => ({
      data: await publisher.ratings(request.user!, request.params.botId, request.query.page),
    }),
  );

  r.post(
    '/api/publisher/bots/:botId/ratings/:companyId/reply',
    {
      config: { auth: publisherAuth },
      schema: {
        params: ratingReplyParamsSchema,
        body: ratingReplyBodySchema,
        response: { 200: ratingReplyResponseSchema },
      },
    },
    async (request) =>
      publisher.reply(
        request.user!,
        request.params.botId,
        request.params.companyId,
        request.body.reply,
      ),
  );

  r.post(
    '/api/publisher/bots/:botId/versions/:number/deprecate',
    {
      config: { auth: publisherAuth },
      schema: {
        params: deprecateParamsSchema,
        body: deprecateBodySchema,
        response: { 200: deprecateResponseSchema },
      },
    },
    async (request) =>
      publisher.deprecate(request.user!, request.params.botId, request.params.number, request.body),
  );
}
