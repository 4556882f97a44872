import type { FastifyServerOptions } from 'fastify';

/** Pino options for Fastify: credentials and passwords never reach the log. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
  };
}
