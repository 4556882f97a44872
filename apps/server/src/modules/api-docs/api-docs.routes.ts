import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist'));

/** What the reference page loads, served from the installed swagger-ui-dist (no CDN). */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-bundle.js',
    type: 'application/javascript; charset=utf-8',
  },
};

/** Starts Swagger UI; a file of its own, since the page's CSP allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Fieldbot API reference</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/assets/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript. The OpenAPI document is at <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a>.</noscript></main>
<script src="${API_DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/assets/init.js"></script>
</body>
</html>
`;

/**
 * The reference page's own CSP, for these routes only (every other /api answer keeps
 * default-src 'none'): scripts and styles from this origin, the document fetched from it. Swagger
 * UI sets style attributes, hence 'unsafe-inline' for styles (never for scripts).
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const hidden = { hide: true } as const;

export async function apiDocsRoutes(app: FastifyInstance) {
  const files = new Map<string, Promise<Buffer>>();
  const asset = (file: string) => {
    let body = files.get(file);
    if (!body) {
      body = readFile(path.join(swaggerUiDir, file));
      files.set(file, body);
      body.catch(() => files.delete(file));
    }
    return body;
  };

  app.get(
    OPENAPI_DOCUMENT_PATH,
    { config: { auth: 'public' }, schema: hidden },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  app.get(API_DOCS_PATH, { config: { auth: 'public' }, schema: hidden }, async (_request, reply) =>
    reply
      .header('content-security-policy', API_DOCS_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );

  app.get<{ Params: { file: string } }>(
    `${API_DOCS_PATH}/assets/:file`,
    { config: { auth: 'public' }, schema: hidden },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      if (request.params.file === 'init.js') {
        return reply.type('application/javascript; charset=utf-8').send(INIT_SCRIPT);
      }
      // Only the listed files: the parameter never reaches the file system otherwise.
      const known = Object.hasOwn(ASSETS, request.params.file)
        ? ASSETS[request.params.file]
        : undefined;
      if (!known) throw notFound();
      return reply.type(known.type).send(await asset(known.file));
    },
  );
}
