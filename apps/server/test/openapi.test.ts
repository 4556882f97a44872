import { Validator } from '@seriousme/openapi-schema-validator';
import {
  API_DOCS_PATH,
  API_KEY_SCOPES,
  OPENAPI_DOCUMENT_PATH,
  V1_PATHS,
  type ApiKeyScope,
} from '@fieldbot/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_DOCS_CSP, API_KEY_SECURITY_SCHEME, registerOpenApi } from '../src/modules/api-docs';
import { useTestApp } from './support/test-app';

const t = useTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  parameters?: { name: string; in: string }[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

/** Every registered route, read from Fastify's own route tree (not from the document). */
function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    paths[depth] = url;
    paths.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

async function documentOf(): Promise<Document> {
  const res = await t.client().get(OPENAPI_DOCUMENT_PATH);
  expect(res.status, res.text).toBe(200);
  return res.body as Document;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every /api/v1 route with its responses, scope and parameters', async () => {
    const doc = await documentOf();
    const routes = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD',
    );
    // The walk found the routes the API promises (a broken walk would pass vacuously).
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        V1_PATHS.interactions,
        V1_PATHS.interaction(':id'),
        V1_PATHS.interactionBotResults(':id'),
        V1_PATHS.botResults,
      ]),
    );
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${label} is in the document`).toBeDefined();
      const ok = op!.responses['200']?.content?.['application/json']?.schema;
      expect(ok, `${label} has a 200 response schema`).toBeDefined();
      for (const status of ['401', '403', '429']) {
        expect(op!.responses[status], `${label} documents ${status}`).toBeDefined();
      }
      const scopes = op!.security?.flatMap((s) => s[API_KEY_SECURITY_SCHEME] ?? []) ?? [];
      expect(scopes, `${label} names its scope`).toHaveLength(1);
      expect(API_KEY_SCOPES).toContain(scopes[0] as ApiKeyScope);
      for (const name of route.url.match(/:([A-Za-z_]+)/g) ?? []) {
        expect(
          op!.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)),
          `${label} documents ${name}`,
        ).toBe(true);
      }
    }
    expect(doc.components.securitySchemes[API_KEY_SECURITY_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('leaves the internal session API out', async () => {
    const doc = await documentOf();
    const documented = Object.keys(doc.paths);
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((p) => !p.startsWith('/api/v1/'))).toEqual([]);
  });

  it('refuses to start with a public API route that has no response schema', async () => {
    const app = Fastify();
    await registerOpenApi(app);
    expect(() =>
      app.get(
        '/api/v1/undocumented',
        { config: { auth: { apiKey: 'interactions:read' } } },
        async () => ({}),
      ),
    ).toThrow(/schema\.response\[200\]/);
    await app.close();
  });
});

describe('API reference page', () => {
  it('serves the page under a CSP of its own, with its assets from this server', async () => {
    const page = await t.client().get(API_DOCS_PATH);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|https?:/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith('/api/docs')).toBe(true);
      const asset = await t.client().get(source);
      expect(asset.status, source).toBe(200);
    }
    // Every other /api answer keeps the API's own policy.
    const other = await t.client().get('/api/user/me');
    expect(other.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('serves only the listed assets', async () => {
    for (const file of ['package.json', '..%2Fpackage.json', 'index.html']) {
      expect((await t.client().get(`${API_DOCS_PATH}/assets/${file}`)).status, file).toBe(404);
    }
  });
});
