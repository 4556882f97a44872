import { Readable } from 'node:stream';
import {
  AUTH_MESSAGES,
  MESSAGES,
  UPLOAD_MESSAGES,
  messageResponseSchema,
  preSignedUrlBodySchema,
  preSignedUrlResponseSchema,
  storageKeyParamsSchema,
  uploadUrlQuerySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, notFound } from '../../lib/errors.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { servedInline } from './file-types.js';
import type { FilesService } from './files.service.js';
import type { UploadUrls } from './upload-urls.js';

/** Upload folders whose files are readable by URL alone (unguessable keys): pictures and documents. */
const PUBLIC_FILE_FOLDERS = new Set(['profile', 'company-logo', 'publisher-logo', 'documents']);

/**
 * The body of an upload: the file's bytes as a stream, handed on by the scope's parser. Not a JSON
 * shape, so it has no schema in packages/shared (whose schemas the browser also loads); the
 * contract of an upload is its pre-signed URL. A PUT without a body has no stream and is refused.
 */
const uploadBodySchema = z.instanceof(Readable, { error: MESSAGES.required });

export interface FilesRoutesDeps {
  files: FilesService;
  storage: StorageProvider;
  uploadUrls: UploadUrls;
  uploadMaxBytes: number;
}

export async function filesRoutes(app: FastifyInstance, deps: FilesRoutesDeps) {
  const { files, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/data/pre-signed-url',
    {
      config: { auth: { setup: 'any' } },
      schema: { body: preSignedUrlBodySchema, response: { 200: preSignedUrlResponseSchema } },
    },
    async (request) => ({ data: await files.presign(request.user!, request.body) }),
  );

  r.get(
    '/api/files/*',
    { config: { auth: 'public' }, schema: { params: storageKeyParamsSchema } },
    async (request, reply) => {
      const key = request.params['*'];
      // Audio (recording chunks, merged audio, CRM calls) is served only through the
      // session-checked interaction routes, which apply the company and technician scope.
      if (!PUBLIC_FILE_FOLDERS.has(key.split('/')[0] ?? '')) throw notFound();
      const object = await storage.get(key);
      if (!object) throw notFound();
      // The type was detected from the bytes at upload; only pictures are shown in place, and the
      // browser must not second-guess the type of anything.
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.size))
        .header('content-disposition', servedInline(object.contentType) ? 'inline' : 'attachment')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(object.body);
    },
  );

  await app.register(async (scope) => {
    // The upload body is the raw file of any type: stream it instead of parsing it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/uploads/*',
      {
        // The HMAC-signed, expiring URL is the proof here; browsers PUT without our header.
        config: { auth: 'public', csrf: false },
        bodyLimit: deps.uploadMaxBytes,
        schema: {
          params: storageKeyParamsSchema,
          querystring: uploadUrlQuerySchema,
          body: uploadBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        const key = request.params['*'];
        const { expires, signature } = request.query;
        if (!deps.uploadUrls.verify(key, expires, signature)) {
          throw new DomainError(403, AUTH_MESSAGES.forbidden);
        }
        // Browsers state the length of a file they PUT; storage is written with it.
        const declared = Number(request.headers['content-length']);
        if (!Number.isSafeInteger(declared) || declared < 0) {
          throw new DomainError(411, UPLOAD_MESSAGES.lengthRequired);
        }
        await files.receive(key, request.body, declared);
        return { message: UPLOAD_MESSAGES.uploaded };
      },
    );
  });
}
