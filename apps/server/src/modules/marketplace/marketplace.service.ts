import {
  MARKETPLACE_MESSAGES,
  type CompanyDeprecation,
  type MarketplaceBotDetail,
  type MarketplaceBotItem,
  type MarketplaceBotListQuery,
  type MarketplacePublisher,
  type RatingBody,
  type RatingListResponse,
  type SubscriptionResponse,
  type User,
} from '@fieldbot/shared';
import { DomainError, forbidden } from '../../lib/errors.js';
import { versionDeprecationView } from '../bots/index.js';
import { marketplaceBotItem, subscriptionView } from './marketplace-view.js';
import type { MarketplaceQueries, MarketplaceRepo } from './marketplace.repo.js';
import { ratingsView } from './ratings-view.js';

export function companyIdOf(user: User): string {
  if (!user.company) throw forbidden();
  return user.company.id;
}

const botNotFound = () => new DomainError(404, MARKETPLACE_MESSAGES.botNotFound);

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;

/** The company side of the marketplace: browse, subscribe, update, rate. Scoped to the user's company. */
export function createMarketplaceService(deps: { repo: MarketplaceRepo }) {
  const { repo } = deps;

  async function visibleBot(q: MarketplaceQueries, companyId: string, botId: string) {
    const bot = await q.find(companyId, botId);
    if (!bot) throw botNotFound();
    return bot;
  }

  async function subscriptionOf(q: MarketplaceQueries, companyId: string, botId: string) {
    const row = await q.subscription(companyId, botId);
    return row ? subscriptionView(row) : null;
  }

  return {
    async list(
      user: User,
      query: MarketplaceBotListQuery,
    ): Promise<{ items: MarketplaceBotItem[]; count: number; count_capped: boolean }> {
      const { items, count, capped } = await repo.list(companyIdOf(user), query);
      return { items: items.map(marketplaceBotItem), count, count_capped: capped };
    },

    async detail(user: User, botId: string): Promise<MarketplaceBotDetail> {
      const companyId = companyIdOf(user);
      const bot = await visibleBot(repo, companyId, botId);
      const [versions, rating] = await Promise.all([
        repo.versions(bot.id),
        repo.rating(companyId, bot.id),
      ]);
      return {
        ...marketplaceBotItem(bot),
        // Rules are the publisher's work: a company sees what each tag means, not how it is found.
        output_tags: bot.outputTags.map(({ index, label, description }) => ({
          index,
          label,
          description,
        })),
        versions: versions.map((v) => ({
          number: v.number,
          changelog: v.changelog,
          published_at: v.publishedAt.toISOString(),
          deprecation: versionDeprecationView(v),
        })),
        example: versions[0]?.example ?? null,
        my_rating: rating
          ? {
              rating: rating.rating,
              comment: rating.comment,
              updated_at: rating.updatedAt.toISOString(),
            }
          : null,
      };
    },

    async publisher(user: User, publisherId: string): Promise<MarketplacePublisher> {
      const row = await repo.publisher(publisherId, companyIdOf(user));
      if (!row) throw new DomainError(404, MARKETPLACE_MESSAGES.publisherNotFound);
      return {
        id: row.id,
        name: row.name,
        logo: row.logo,
        description: row.description,
        website: row.website,
        support_email: row.supportEmail,
        bots_count: row.botsCount,
        is_client: row.clientOf !== null,
      };
    },

    /**
     * Pins the newest version. The company_bots primary key decides a double subscribe (the
     * second insert does nothing and answers 409), so the counter moves once.
     */
    async subscribe(user: User, botId: string): Promise<SubscriptionResponse> {
      const companyId = companyIdOf(user);
      return repo.transaction(async (q) => {
        const bot = await visibleBot(q, companyId, botId);
        const newest = await q.newestVersion(bot.id);
        if (!newest) throw botNotFound();
        if (!(await q.insertPin(companyId, bot.id, newest.id))) {
          throw new DomainError(409, MARKETPLACE_MESSAGES.alreadySubscribed);
        }
        await q.ensureClient(bot.publisherId, companyId);
        await q.addToCounters(bot.id, { subscribers: 1 });
        return {
          message: MARKETPLACE_MESSAGES.subscribed,
          data: await subscriptionOf(q, companyId, bot.id),
        };
      });
    },

    /** Deletes the pin (the client row stays); a bot no longer listed can still be dropped. */
    async unsubscribe(user: User, botId: string): Promise<SubscriptionResponse> {
      const companyId = companyIdOf(user);
      return repo.transaction(async (q) => {
        if (!(await q.deletePin(companyId, botId))) {
          await visibleBot(q, companyId, botId);
          throw new DomainError(409, MARKETPLACE_MESSAGES.notSubscribed);
        }
        await q.addToCounters(botId, { subscribers: -1 });
        return { message: MARKETPLACE_MESSAGES.unsubscribed, data: null };
      });
    },

    /** "Update to vN": moves the pin to the newest version (the pin row is locked meanwhile). */
    async update(user: User, botId: string): Promise<SubscriptionResponse> {
      const companyId = companyIdOf(user);
      return repo.transaction(async (q) => {
        const pin = await q.lockPin(companyId, botId);
        if (!pin) {
          await visibleBot(q, companyId, botId);
          throw new DomainError(409, MARKETPLACE_MESSAGES.notSubscribed);
        }
        const newest = await q.newestVersion(botId);
        if (!newest || newest.id === pin.versionId) {
          throw new DomainError(409, MARKETPLACE_MESSAGES.upToDate);
        }
        await q.movePin(companyId, botId, newest.id);
        return {
          message: MARKETPLACE_MESSAGES.updated(newest.number),
          data: await subscriptionOf(q, companyId, botId),
        };
      });
    },

    /**
     * One rating per company per bot. The existing row is locked and the counters move by the
     * difference; a concurrent first rating loses the insert race and becomes an update.
     */
    async rate(user: User, botId: string, body: RatingBody): Promise<{ message: string }> {
      const companyId = companyIdOf(user);
      const comment = body.comment ?? null;
      await repo.transaction(async (q) => {
        await visibleBot(q, companyId, botId);
        if (!(await q.lockPin(companyId, botId))) {
          throw new DomainError(403, MARKETPLACE_MESSAGES.ratingNeedsSubscription);
        }
        let old = await q.lockRating(companyId, botId);
        if (!old) {
          const inserted = await q.insertRating({
            companyId,
            botId,
            rating: body.rating,
            comment,
            ratedById: user.id,
          });
          if (inserted) {
            await q.addToCounters(botId, { sum: body.rating, count: 1 });
            return;
          }
          old = await q.lockRating(companyId, botId);
        }
        await q.updateRating(companyId, botId, {
          rating: body.rating,
          comment,
          ratedById: user.id,
          updatedAt: new Date(),
        });
        await q.addToCounters(botId, { sum: body.rating - (old?.rating ?? 0) });
      });
      return { message: MARKETPLACE_MESSAGES.ratingSaved };
    },

    async ratings(user: User, botId: string, page: number): Promise<RatingListResponse['data']> {
      const bot = await visibleBot(repo, companyIdOf(user), botId);
      return ratingsView(await repo.ratings(bot.id, page));
    },

    async deprecations(user: User): Promise<CompanyDeprecation[]> {
      // An admin still onboarding may have no company yet: nothing is pinned then.
      if (!user.company) return [];
      const rows = await repo.deprecations(user.company.id);
      return rows.map((r) => ({
        bot_id: r.botId,
        bot_name: r.botName,
        version: r.version,
        newest_version: r.newestVersion ?? r.version,
        retires_on: r.retiresOn ?? '',
        note: r.note,
      }));
    },
  };
}
