import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { createTeamRepo } from './team.repo.js';
import { teamRoutes } from './team.routes.js';
import { createTeamService } from './team.service.js';

/** A company's users and invitations: builds the service and registers its routes. */
export async function registerTeamModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    sendMail(message: MailMessage): Promise<void>;
    appUrl: string;
    forgetUser(userId: string): void;
  },
) {
  await teamRoutes(app, {
    team: createTeamService({
      repo: createTeamRepo(deps.db),
      sendMail: deps.sendMail,
      appUrl: deps.appUrl,
      forgetUser: deps.forgetUser,
    }),
  });
}
