import {
  botIcon,
  companyPricePerRunMillicents,
  effectiveMarkupPercent,
  type MarketplaceBotItem,
  type MarketplaceSubscription,
  type RatingSummary,
} from '@fieldbot/shared';
import type { MarketplaceBotRow } from './marketplace.repo.js';

/** Mean rating to one decimal; null before the first rating. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : null, count };
}

export function subscriptionView(row: {
  version: number | null;
  subscribedAt: Date | null;
  latestVersion: number | null;
  retiresOn: string | null;
}): MarketplaceSubscription | null {
  if (row.version === null || row.subscribedAt === null) return null;
  return {
    version: row.version,
    subscribed_at: row.subscribedAt.toISOString(),
    update_available: row.latestVersion !== null && row.version < row.latestVersion,
    retires_on: row.retiresOn,
  };
}

export function marketplaceBotItem(row: MarketplaceBotRow): MarketplaceBotItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: botIcon(row.color),
    trigger: row.trigger,
    trigger_event: row.triggerEvent,
    engine: row.engine,
    visibility: row.visibility,
    publisher: { id: row.publisherId, name: row.publisherName, logo: row.publisherLogo },
    price_per_run_millicents: companyPricePerRunMillicents(
      row.pricePerRunCents,
      effectiveMarkupPercent(row.defaultMarkup, row.clientMarkup),
    ),
    companies_count: row.subscribersCount,
    rating: ratingSummary(row.ratingSum, row.ratingCount),
    latest_version: row.latestVersion ?? 0,
    published_at: row.publishedAt.toISOString(),
    subscription: subscriptionView({
      version: row.pinnedVersion,
      subscribedAt: row.subscribedAt,
      latestVersion: row.latestVersion,
      retiresOn: row.pinnedRetiresOn,
    }),
  };
}
