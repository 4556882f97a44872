import type { Readable } from 'node:stream';
import {
  AUTH_MESSAGES,
  CSRF_COOKIE,
  dataQuerySchema,
  preSignedUrlBodySchema,
  preSignedUrlResponseSchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, notFound } from '../../lib/errors.js';
import { setSessionCookies } from '../session/session.cookies.js';
import type { SessionService } from '../session/session.service.js';
import { UploadTooLargeError, type LocalStorage } from '../../providers/storage/local-storage.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import type { DataRepo } from './data.repo.js';
import { inlineSafe, maxBytesForKey, type DataService } from './data.service.js';

/** Upload folders whose files are readable by URL alone (unguessable keys): pictures and documents. */
const PUBLIC_FILE_FOLDERS = new Set(['profile', 'company-logo', 'documents']);

export interface DataRoutesDeps {
  data: DataService;
  repo: DataRepo;
  sessions: SessionService;
  storage: StorageProvider;
  uploadMaxBytes: number;
}

export async function dataRoutes(app: FastifyInstance, deps: DataRoutesDeps) {
  const { data, sessions, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/health', { config: { auth: 'public' } }, async (_request, reply) => {
    try {
      await deps.repo.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  r.get('/api/csrf-cookie', { config: { auth: 'public' } }, async (request, reply) => {
    if (request.session) {
      // Re-send the cookies of the current session; the token itself rotates only on login.
      reply.setCookie(CSRF_COOKIE, request.session.csrfToken, {
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        expires: request.session.expiresAt,
      });
    } else {
      const session = await sessions.create({
        userId: null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookies(request, reply, session);
    }
    return reply.code(204).send();
  });

  r.get(
    '/api/data',
    { config: { auth: { setup: 'any' } }, schema: { querystring: dataQuerySchema } },
    async (request) => ({ data: await data.items(request.query.items) }),
  );

  r.get(
    '/api/publisher-name/:code',
    {
      config: { auth: 'public' },
      schema: {
        params: z.object({ code: z.string().min(1).max(100) }),
        response: { 200: z.object({ data: z.object({ name: z.string() }) }) },
      },
    },
    async (request) => ({ data: { name: await data.publisherName(request.params.code) } }),
  );

  r.post(
    '/api/data/pre-signed-url',
    {
      config: { auth: { setup: 'any' } },
      schema: { body: preSignedUrlBodySchema, response: { 200: preSignedUrlResponseSchema } },
    },
    async (request) => ({ data: await data.presign(request.user!.id, request.body) }),
  );

  r.get(
    '/api/files/*',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Audio (recording chunks, merged audio, CRM calls) is served only through the
      // session-checked interaction routes, which apply the company and technician scope.
      if (!PUBLIC_FILE_FOLDERS.has(key.split('/')[0] ?? '')) throw notFound();
      const object = await storage.get(key);
      if (!object) throw notFound();
      const safe = inlineSafe(object.contentType);
      return reply
        .header('content-type', safe ? object.contentType : 'application/octet-stream')
        .header('content-length', String(object.size))
        .header('content-disposition', safe ? 'inline' : 'attachment')
        .header('cache-control', 'private, max-age=86400')
        .send(object.body);
    },
  );

  if (storage.kind === 'local') {
    const local = storage as LocalStorage;
    await app.register(async (scope) => {
      // The upload body is the raw file of any type: stream it instead of parsing it.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.put(
        '/api/uploads/*',
        {
          // The HMAC-signed, expiring URL is the proof here; browsers PUT without our header.
          config: { auth: 'public', csrf: false },
          bodyLimit: deps.uploadMaxBytes,
        },
        async (request, reply) => {
          const key = (request.params as { '*': string })['*'];
          const query = request.query as { expires?: string; signature?: string };
          if (!local.verifyUpload(key, String(query.expires ?? ''), String(query.signature ?? ''))) {
            throw new DomainError(403, AUTH_MESSAGES.forbidden);
          }
          if (!(await deps.repo.uploadByPath(key))) throw notFound();
          const maxBytes = maxBytesForKey(key, deps.uploadMaxBytes);
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > maxBytes) throw new DomainError(413, 'The file is too large.');
          const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
          try {
            await local.put(key, request.body as Readable, contentType, maxBytes);
          } catch (error) {
            if (error instanceof UploadTooLargeError) {
              throw new DomainError(413, 'The file is too large.');
            }
            throw error;
          }
          return reply.code(200).send({ message: 'Uploaded.' });
        },
      );
    });
  }
}
