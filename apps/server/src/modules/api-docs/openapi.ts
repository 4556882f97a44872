import swagger from '@fastify/swagger';
import {
  API_KEY_LIMITS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_TOKEN_PREFIX,
} from '@fieldbot/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC_API_PREFIX } from '../api-keys/index.js';

/** The document's version: v1's major, bumped in minor steps as v1 gains routes or fields. */
export const PUBLIC_API_VERSION = '1.0.0';

/** Name of the Bearer security scheme in the document (routes list their scope under it). */
export const API_KEY_SECURITY_SCHEME = 'apiKey';

const scopeList = API_KEY_SCOPES.map(
  (scope) => `- \`${scope}\`: ${API_KEY_SCOPE_LABELS[scope].description}`,
).join('\n');

const DESCRIPTION = `Read your company's interactions, transcripts and bot results.

**Authentication.** A company admin creates API keys under Settings → API keys. Send the key as
\`Authorization: Bearer ${API_KEY_TOKEN_PREFIX}…\`. A key is shown once; a revoked key is refused
at once. Each key belongs to one company and reads only that company's data. A company can have
at most ${API_KEY_LIMITS.activePerCompany} active keys.

**Scopes.** Each route needs one scope; a key without it gets 403.

${scopeList}

**Errors.** 401 missing, invalid or revoked key; 403 missing scope, or a payment due on the
company's account; 404 not found (also for another
company's ids); 422 invalid parameters (\`errors\` per field); 429 too many requests.

**Rate limits.** Per key, in fixed windows. Every answer carries \`X-RateLimit-Limit\`,
\`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (seconds); a 429 carries \`Retry-After\`.`;

/** Whether a route belongs to the public API (only these are documented). */
export const isPublicApiRoute = (url: string) => url.startsWith(PUBLIC_API_PREFIX);

/**
 * @fastify/swagger over the routes' own zod schemas (fastify-type-provider-zod's transform, JSON
 * Schema draft 2020-12 for OpenAPI 3.1): the document is generated, never hand-written. Only
 * /api/v1 is documented; the app's session API is internal. Every /api/v1 route must declare a
 * 200 response schema, or the app refuses to start.
 */
export async function registerOpenApi(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isPublicApiRoute(route.url)) return;
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (!response?.[200]) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare schema.response[200] (public API routes are documented from their schemas)`,
      );
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Fieldbot API', version: PUBLIC_API_VERSION, description: DESCRIPTION },
      servers: [{ url: '/', description: 'This server' }],
      tags: [
        { name: 'Interactions', description: 'Field recordings and CSR calls, with transcripts.' },
        { name: 'Bot results', description: 'What subscribed bots found in interactions.' },
      ],
      components: {
        securitySchemes: {
          [API_KEY_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: `An API key (\`${API_KEY_TOKEN_PREFIX}…\`). Scopes: ${API_KEY_SCOPES.join(', ')}.`,
          },
        },
      },
    },
    transform: (input) =>
      isPublicApiRoute(input.url)
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true } as never, url: input.url },
  });
}
