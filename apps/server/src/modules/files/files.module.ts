import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { createFilesRepo } from './files.repo.js';
import { filesRoutes } from './files.routes.js';
import { createFilesService } from './files.service.js';
import { createUploadUrls } from './upload-urls.js';

/** Uploads and the files they store: builds the signed upload URLs and the service, registers the routes. */
export async function registerFilesModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    storage: StorageProvider;
    config: Pick<AppConfig, 'sessionSecret' | 'uploadMaxBytes' | 'uploadQuota'>;
  },
) {
  const { storage, config } = deps;
  const uploadUrls = createUploadUrls(config.sessionSecret);
  await filesRoutes(app, {
    files: createFilesService({
      repo: createFilesRepo(deps.db),
      storage,
      uploadUrls,
      uploadMaxBytes: config.uploadMaxBytes,
      quota: config.uploadQuota,
    }),
    storage,
    uploadUrls,
    uploadMaxBytes: config.uploadMaxBytes,
  });
}
