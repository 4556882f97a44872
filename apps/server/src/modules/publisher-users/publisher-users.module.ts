import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { createPublisherUsersRepo } from './publisher-users.repo.js';
import { publisherUsersRoutes } from './publisher-users.routes.js';
import { createPublisherUsersService } from './publisher-users.service.js';

/** A publisher's users and their invitations: builds the service and registers its routes. */
export async function registerPublisherUsersModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    sendMail(message: MailMessage): Promise<void>;
    appUrl: string;
    forgetUser(userId: string): void;
    /** Ends every session of a removed user. */
    destroySessions(userId: string): Promise<void>;
  },
) {
  await publisherUsersRoutes(app, {
    publisherUsers: createPublisherUsersService({
      repo: createPublisherUsersRepo(deps.db),
      sendMail: deps.sendMail,
      appUrl: deps.appUrl,
      forgetUser: deps.forgetUser,
      destroySessions: deps.destroySessions,
    }),
  });
}
