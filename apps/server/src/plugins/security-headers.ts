import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { extraImgSources?: string[]; https: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine (Emotion-free since v7, but it still injects CSS variables) needs inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.extraImgSources ?? [])],
        mediaSrc: ["'self'", 'blob:', ...(options.extraImgSources ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.extraImgSources ?? [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and is only honoured) over https.
    strictTransportSecurity: options.https,
    crossOriginEmbedderPolicy: false,
  });
}
