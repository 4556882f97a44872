import { AUTH_MESSAGES, MESSAGES, toValidationError } from '@fieldbot/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import '../web-app/serve-web-app.js';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors.js';

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter((segment) => segment !== '');
}

/** One place that turns every failure into the contract's JSON bodies; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ message: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = toValidationError(
        error.validation.map((issue) => ({
          path: pathOf(issue.instancePath),
          message: issue.message ?? MESSAGES.invalidValue,
        })),
      );
      return reply.code(422).send(body);
    }
    // PostgreSQL "data exception" (class 22: bad encoding, out-of-range value…) is bad input.
    const raw = error as { cause?: { code?: unknown }; code?: unknown };
    const pgCode = raw.cause?.code ?? raw.code;
    if (typeof pgCode === 'string' && pgCode.startsWith('22')) {
      request.log.warn({ err: error }, 'database refused a value');
      return reply
        .code(422)
        .send({ message: MESSAGES.invalidValue, errors: { _: [MESSAGES.invalidValue] } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large and the like: the client's fault.
      const message =
        status === 404
          ? AUTH_MESSAGES.notFound
          : status === 413
            ? 'The request body is too large.'
            : status === 415
              ? 'Unsupported content type.'
              : MESSAGES.invalidValue;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.somethingWentWrong });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    // When server.ts serves the built SPA, client-side routes fall back to its index.html;
    // a missing file (a path ending in an extension) stays a 404.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      !looksLikeFile &&
      typeof reply.sendWebApp === 'function'
    ) {
      return reply.sendWebApp(request);
    }
    return reply.code(404).send({ message: AUTH_MESSAGES.notFound });
  });
}
