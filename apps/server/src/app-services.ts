import type { AppDeps } from './app-deps.js';
import { type BotMarksService, createBotMarks } from './modules/bot-marks/index.js';
import { createPublisherCodeLookup } from './modules/publishers/index.js';
import {
  createSessionRepo,
  createSessionService,
  type SessionService,
} from './modules/session/index.js';
import { createProfile, type ProfileService } from './modules/user/index.js';

/**
 * The services that plugins and several modules share, one instance each: the session and profile
 * services keep caches that every user of them must see the same way, and bot marks are read by
 * the bots, bot runs and bot marks modules alike.
 */
export interface AppServices {
  sessions: SessionService;
  /** Builds each request's user for the auth guard, and answers the user routes. */
  profile: ProfileService;
  marks: BotMarksService;
  /** True when `url` is a file URL our storage issued (ownership is checked by each module). */
  isOurFileUrl(url: string): boolean;
  /** The publisher of a referral code, or null for an unknown code. */
  publisherIdByCode(code: string): Promise<string | null>;
  /** Drops the cached sessions of a user, so a change shows on their next request. */
  forgetUser(userId: string): void;
  /** Drops the cached sessions of a company's users. */
  forgetCompanyUsers(companyId: string): void;
  /** Queues a capacity check of a company (a no-op where no queue is given). */
  checkCapacity(companyId: string): Promise<void>;
}

export function createAppServices(deps: AppDeps): AppServices {
  const { config, database, storage } = deps;
  const sessions = createSessionService({
    repo: createSessionRepo(database.db),
    timings: {
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
      cacheMs: config.sessionCacheMs,
    },
  });
  const isOurFileUrl = (url: string) => storage.keyFromUrl(url) !== null;
  return {
    sessions,
    profile: createProfile({
      db: database.db,
      sessions,
      isOurFileUrl,
      intercomSecret: config.intercomSecret,
    }),
    marks: createBotMarks(database.db),
    isOurFileUrl,
    publisherIdByCode: createPublisherCodeLookup(database.db),
    forgetUser: (userId) => sessions.forgetUser(userId),
    forgetCompanyUsers: (companyId) => sessions.forgetCompany(companyId),
    checkCapacity: async (companyId) => {
      await deps.capacityCheck?.check(companyId);
    },
  };
}
