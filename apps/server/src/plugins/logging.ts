import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Tokens travel in some URLs (verify links, signed uploads); they never reach the log. */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(verify|reset-password)\/[^/?#]+/g, '/$1/[redacted]')
    .replace(/([?&](?:signature|token|expires)=)[^&#]*/g, '$1[redacted]');
}

/** Pino options for Fastify: credentials and passwords never reach the log. */
export function loggerOptions(
  level: string,
  /** Where lines go instead of stdout (tests read what would be logged). */
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_confirmation',
        '*.current_password',
        '*.token',
        '*.invitation_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
