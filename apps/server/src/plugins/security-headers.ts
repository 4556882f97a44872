import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { COLOR_SCHEME_SCRIPT_SOURCE } from '../web-app/color-scheme-script.js';
import { START_AFTER_PAINT_SCRIPT_SOURCE } from '../web-app/deferred-scripts.js';

/** Origins of optional third-party services (support widget, analytics), per CSP directive. */
export type ExtraCspSources = Partial<
  Record<'scriptSrc' | 'connectSrc' | 'imgSrc' | 'fontSrc' | 'frameSrc' | 'mediaSrc', string[]>
>;

/** A year, helmet's default: documents and /api answers send the same HSTS. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { extraImgSources?: string[]; https: boolean; thirdParty?: ExtraCspSources },
): Promise<void> {
  // Built once: @fastify/helmet rebuilt (and re-parsed the CSP of) this middleware on every
  // request, a tenth of the CPU of a cached GET /api/user/me.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: [
          "'self'",
          COLOR_SCHEME_SCRIPT_SOURCE,
          START_AFTER_PAINT_SCRIPT_SOURCE,
          ...(options.thirdParty?.scriptSrc ?? []),
        ],
        // Mantine (Emotion-free since v7, but it still injects CSS variables) needs inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(options.extraImgSources ?? []),
          ...(options.thirdParty?.imgSrc ?? []),
        ],
        mediaSrc: [
          "'self'",
          'blob:',
          ...(options.extraImgSources ?? []),
          ...(options.thirdParty?.mediaSrc ?? []),
        ],
        fontSrc: ["'self'", 'data:', ...(options.thirdParty?.fontSrc ?? [])],
        connectSrc: [
          "'self'",
          ...(options.extraImgSources ?? []),
          ...(options.thirdParty?.connectSrc ?? []),
        ],
        frameSrc: ["'self'", ...(options.thirdParty?.frameSrc ?? [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and is only honoured) over https.
    strictTransportSecurity: options.https && {
      maxAge: HSTS_MAX_AGE_SECONDS,
      includeSubDomains: true,
    },
    crossOriginEmbedderPolicy: false,
  });
  // /api answers JSON, files and redirects, never a document to render: the OWASP REST set,
  // built once (the documents' CSP lists third-party sources an API answer has no use for).
  // The invoice's printable page sets its own CSP.
  const apiHeaders: [string, string][] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  if (options.https) {
    apiHeaders.push([
      'strict-transport-security',
      `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    ]);
  }
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      done();
      return;
    }
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
