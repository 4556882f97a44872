import {
  ROLE,
  searchFiltersPath,
  searchFiltersResponseSchema,
  searchPath,
  searchQuerySchema,
  searchResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAuth } from '../../plugins/types.js';
import type { SearchService } from './search.service.js';

/** Every company role searches; a technician's results are their own interactions only. */
const auth: RouteAuth = {
  roles: [ROLE.COMPANY_ADMIN, ROLE.MANAGER, ROLE.FIELD_TEAM],
  permission: 'interactions.view',
};

export async function searchRoutes(app: FastifyInstance, deps: { search: SearchService }) {
  const { search } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    searchPath,
    {
      config: { auth },
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => ({ data: await search.search(request.user!, request.query) }),
  );

  r.get(
    searchFiltersPath,
    { config: { auth }, schema: { response: { 200: searchFiltersResponseSchema } } },
    async (request) => ({ data: await search.filters(request.user!) }),
  );
}
