import { MARKETPLACE_LIMITS, type Rating, type RatingListResponse } from '@fieldbot/shared';
import type { MarketplaceQueries } from './marketplace.repo.js';
import { ratingSummary } from './marketplace-view.js';

type RatingRow = NonNullable<Awaited<ReturnType<MarketplaceQueries['ratingItem']>>>;

export const ratingView = (r: RatingRow): Rating => ({
  company_id: r.companyId,
  company_name: r.companyName,
  rating: r.rating,
  comment: r.comment,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  reply: r.reply,
  replied_at: r.repliedAt?.toISOString() ?? null,
});

/** A bot's ratings page, summary and count per star (index 0 = 1 star). */
export function ratingsView(
  page: Awaited<ReturnType<MarketplaceQueries['ratings']>>,
): RatingListResponse['data'] {
  const distribution = Array.from({ length: MARKETPLACE_LIMITS.ratingMax }, () => 0);
  for (const { rating, n } of page.stars) distribution[rating - 1] = n;
  return {
    items: page.items.map(ratingView),
    count: page.count,
    summary: { ...ratingSummary(page.sum, page.n), distribution },
  };
}
