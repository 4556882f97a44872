import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MailMessage } from '../../providers/mail/index.js';
import type { SessionService } from '../session/index.js';
import { createAuthService } from './auth.service.js';
import { createInvitationsService } from './invitations.service.js';
import { createProfileService, type ProfileService } from './profile.service.js';
import { createLoginRateLimiter, MAX_LOCKOUT_MS } from './rate-limit.js';
import { createSignupLimiter } from './signup-limit.js';
import { createLoginAttemptStore, createSignupAttemptStore, createUserRepo } from './user.repo.js';
import { userRoutes } from './user.routes.js';

/**
 * The one profile service of the app: the auth guard builds each request's user with it and the
 * user routes answer with it, so both see the same cache of role permissions.
 */
export function createProfile(deps: {
  db: Db;
  sessions: Pick<SessionService, 'forgetUser'>;
  isOurFileUrl(url: string): boolean;
  intercomSecret: string;
}): ProfileService {
  return createProfileService({
    repo: createUserRepo(deps.db),
    sessions: deps.sessions,
    isOurFileUrl: deps.isOurFileUrl,
    intercomSecret: deps.intercomSecret,
  });
}

export interface UserModuleDeps {
  db: Db;
  config: Pick<
    AppConfig,
    | 'appUrl'
    | 'loginMaxAttempts'
    | 'loginLockoutMs'
    | 'loginWindowMs'
    | 'loginIpMaxAttempts'
    | 'loginIpWindowMs'
    | 'signupMaxPerIp'
    | 'signupWindowMs'
  >;
  sessions: SessionService;
  profile: ProfileService;
  sendMail(message: MailMessage): Promise<void>;
  /** The publisher of a referral code, or null for an unknown code. */
  publisherIdByCode(code: string): Promise<string | null>;
}

/** Sign-up, log-in, invitations and the profile: builds the services and registers the routes. */
export async function registerUserModule(app: FastifyInstance, deps: UserModuleDeps) {
  const { db, config, sessions } = deps;
  const repo = createUserRepo(db);
  const invitations = createInvitationsService({ repo });
  const auth = createAuthService({
    repo,
    limiter: createLoginRateLimiter(createLoginAttemptStore(db), {
      maxAttempts: config.loginMaxAttempts,
      lockoutMs: config.loginLockoutMs,
      maxLockoutMs: Math.min(MAX_LOCKOUT_MS, config.loginWindowMs),
      windowMs: config.loginWindowMs,
      ipMaxAttempts: config.loginIpMaxAttempts,
      ipWindowMs: config.loginIpWindowMs,
    }),
    signupLimiter: createSignupLimiter(createSignupAttemptStore(db), {
      maxPerIp: config.signupMaxPerIp,
      windowMs: config.signupWindowMs,
    }),
    invitations,
    sessions,
    sendMail: deps.sendMail,
    appUrl: config.appUrl,
    publisherIdByCode: deps.publisherIdByCode,
  });
  await userRoutes(app, { auth, invitations, profile: deps.profile, sessions });
}
