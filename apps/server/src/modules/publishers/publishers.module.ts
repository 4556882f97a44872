import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createPublishersRepo } from './publishers.repo.js';
import { publishersRoutes } from './publishers.routes.js';
import { createPublishersService } from './publishers.service.js';

/** The publisher lookup of a referral code, for sign-up and the company form. */
export function createPublisherCodeLookup(db: Db): (code: string) => Promise<string | null> {
  const repo = createPublishersRepo(db);
  return (code) => repo.idByCode(code);
}

/** A publisher's own information: builds the service and registers its routes. */
export async function registerPublishersModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** True when `url` is a file URL our storage issued. */
    isOurFileUrl(url: string): boolean;
    forgetUser(userId: string): void;
  },
) {
  const repo = createPublishersRepo(deps.db);
  await publishersRoutes(app, {
    repo,
    publishers: createPublishersService({
      repo,
      isOurFileUrl: deps.isOurFileUrl,
      forgetUser: deps.forgetUser,
    }),
  });
}
