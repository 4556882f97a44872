import type { User } from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createCompanyRepo } from './company.repo.js';
import { companyRoutes } from './company.routes.js';
import { createCompanyService } from './company.service.js';

/** A company's own information: builds the service and registers its routes. */
export async function registerCompanyModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** True when `url` is a file URL our storage issued. */
    isOurFileUrl(url: string): boolean;
    /** The spec §3 user, read afresh (ProfileService.loadUser). */
    loadUser(userId: string): Promise<User | null>;
    /** The publisher of a referral code, or null for an unknown code. */
    publisherIdByCode(code: string): Promise<string | null>;
    forgetUser(userId: string): void;
    /** Queues a capacity check of the company (its limits changed). */
    capacityChanged(companyId: string): Promise<void>;
  },
) {
  await companyRoutes(app, {
    company: createCompanyService({
      repo: createCompanyRepo(deps.db),
      isOurFileUrl: deps.isOurFileUrl,
      loadUser: deps.loadUser,
      publisherIdByCode: deps.publisherIdByCode,
      forgetUser: deps.forgetUser,
      capacityChanged: deps.capacityChanged,
    }),
  });
}
