import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLoginPagePath, SESSION_COOKIE } from '@fieldbot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COLOR_SCHEME_SCRIPT } from './color-scheme-script.js';
import { deferScripts } from './deferred-scripts.js';
import { loadPagePreloads, pageDocumentParts } from './page-preloads.js';

declare module 'fastify' {
  interface FastifyReply {
    /** The SPA's index.html for a client-side route, with that page's preloads (ADR 013). */
    sendWebApp(request: FastifyRequest): FastifyReply;
  }
}

/** Hashed file names (Vite's `assets/name-[hash].js`) never change content: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA for every non-/api GET and HEAD; the not-found handler answers client-side routes
 * with `reply.sendWebApp`. The build's precompressed `.br`/`.gz` copies are sent when the client
 * accepts them.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // Source maps stay on the server (the build makes them 'hidden' for error tracking).
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      // index.html (also as the SPA fallback) is revalidated so a new deploy is seen at once.
      res.setHeader('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : 'no-cache');
      // The same URL is sent br, gzip or plain: a shared cache must key on Accept-Encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // Read once: a deploy replaces the files and restarts the server.
  const html = readFileSync(indexFile, 'utf8');
  const outlinedHtml = deferScripts(html);
  const pages = loadPagePreloads(webDist);
  // The login page's own document (apps/web/login.html): React and Mantine without the app's
  // router and query client, for the page most visitors open first.
  const loginFile = path.join(webDist, 'login.html');
  const hasLoginPage = existsSync(loginFile);
  app.decorateReply('sendWebApp', function (this: FastifyReply, request: FastifyRequest) {
    if (hasLoginPage && isLoginPagePath(request.url)) {
      return this.header('cache-control', 'no-cache').sendFile('login.html');
    }
    const loggedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const parts = pageDocumentParts(pages, request.url, { loggedIn });
    if (!parts) return this.header('cache-control', 'no-cache').sendFile('index.html');
    const { links, scriptLinks, bootShell } = parts;
    const document = bootShell
      ? outlinedHtml(scriptLinks)
          .replace('</head>', `<script>${COLOR_SCHEME_SCRIPT}</script>${links}</head>`)
          .replace('<div id="root">', `${bootShell}<div id="root">`)
      : html.replace('</head>', `${links}${scriptLinks}</head>`);
    return (
      this.header('cache-control', 'no-cache')
        // The API preloads and the boot shell depend on the session cookie.
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8')
        .send(document)
    );
  });
}
