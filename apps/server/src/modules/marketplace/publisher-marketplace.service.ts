import {
  MARKETPLACE_MESSAGES,
  retirementDayMessage,
  type DeprecateBody,
  type MarketplaceVersion,
  type Rating,
  type RatingListResponse,
  type User,
} from '@fieldbot/shared';
import { DomainError, fieldError, notFound } from '../../lib/errors.js';
import { publisherIdOf } from '../bots/index.js';
import type { DeprecationNotifier } from './deprecation-notices.js';
import type { MarketplaceQueries, MarketplaceRepo } from './marketplace.repo.js';
import { ratingView, ratingsView } from './ratings-view.js';

export type PublisherMarketplaceService = ReturnType<typeof createPublisherMarketplaceService>;

/** The publisher side of the marketplace: its bots' ratings, replies and version deprecation. */
export function createPublisherMarketplaceService(deps: {
  repo: MarketplaceRepo;
  notifier: DeprecationNotifier;
  onNotifyError?: (error: unknown) => void;
  now?: () => Date;
}) {
  const { repo } = deps;

  /** Only the user's publisher's bots; another's answers 404 like a missing one. */
  async function ownBot(q: MarketplaceQueries, user: User, botId: string) {
    const bot = await q.ownBot(publisherIdOf(user), botId);
    if (!bot) throw notFound();
    return bot;
  }

  return {
    async ratings(user: User, botId: string, page: number): Promise<RatingListResponse['data']> {
      const bot = await ownBot(repo, user, botId);
      return ratingsView(await repo.ratings(bot.id, page));
    },

    async reply(
      user: User,
      botId: string,
      companyId: string,
      reply: string,
    ): Promise<{ message: string; data: Rating }> {
      const bot = await ownBot(repo, user, botId);
      const saved = await repo.updateRating(companyId, bot.id, {
        reply,
        repliedById: user.id,
        repliedAt: new Date(),
      });
      const row = saved ? await repo.ratingItem(companyId, bot.id) : null;
      if (!row) throw new DomainError(404, MARKETPLACE_MESSAGES.ratingNotFound);
      return { message: MARKETPLACE_MESSAGES.replySaved, data: ratingView(row) };
    },

    /**
     * Deprecates a version that is not the newest, retiring at least 14 days ahead (UTC). The
     * version row is locked, so a repeated or concurrent request finds it deprecated. The e-mails
     * are queued after the commit (deduplicated per version and admin; see DeprecationNotifier).
     */
    async deprecate(
      user: User,
      botId: string,
      number: number,
      body: DeprecateBody,
    ): Promise<{ message: string; data: MarketplaceVersion }> {
      const now = deps.now?.() ?? new Date();
      const version = await repo.transaction(async (q) => {
        const bot = await ownBot(q, user, botId);
        const current = await q.lockVersion(bot.id, number);
        if (!current) throw new DomainError(404, MARKETPLACE_MESSAGES.versionNotFound);
        if (current.number === bot.latestVersion) {
          throw new DomainError(422, MARKETPLACE_MESSAGES.latestCannotBeDeprecated);
        }
        if (current.deprecatedAt)
          throw new DomainError(409, MARKETPLACE_MESSAGES.alreadyDeprecated);
        const problem = retirementDayMessage(body.retires_on, now);
        if (problem) throw fieldError('retires_on', problem);
        return q.deprecateVersion(current.id, {
          deprecatedAt: now,
          deprecatedById: user.id,
          retiresOn: body.retires_on,
          deprecationNote: body.note ?? null,
        });
      });
      // The deprecation stands even if queuing fails: the daily job sends what is still unsent.
      await deps.notifier.notify(version.id).catch((error: unknown) => deps.onNotifyError?.(error));
      return {
        message: MARKETPLACE_MESSAGES.deprecated,
        data: {
          number: version.number,
          changelog: version.changelog,
          published_at: version.publishedAt.toISOString(),
          deprecation: {
            retires_on: body.retires_on,
            note: version.deprecationNote,
            deprecated_at: now.toISOString(),
          },
        },
      };
    },
  };
}
