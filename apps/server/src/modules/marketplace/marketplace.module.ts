import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createDeprecationNotifier, type DedupedMailer } from './deprecation-notices.js';
import { createMarketplaceRepo } from './marketplace.repo.js';
import { marketplaceRoutes } from './marketplace.routes.js';
import { createMarketplaceService } from './marketplace.service.js';
import { createPublisherMarketplaceService } from './publisher-marketplace.service.js';

/** The company marketplace and the publisher's ratings and deprecations. */
export async function registerMarketplaceModule(
  app: FastifyInstance,
  deps: { db: Db; sendMail: DedupedMailer; appUrl: string },
) {
  const repo = createMarketplaceRepo(deps.db);
  await marketplaceRoutes(app, {
    marketplace: createMarketplaceService({ repo }),
    publisher: createPublisherMarketplaceService({
      repo,
      notifier: createDeprecationNotifier(deps),
      onNotifyError: (error) =>
        app.log.error({ err: error }, 'deprecation e-mails not queued; the daily job retries'),
    }),
  });
}
