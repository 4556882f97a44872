import { MARKETPLACE_MESSAGES, MARKETPLACE_PATH } from '@fieldbot/shared';
import { NotFoundState } from '@/components/feedback/not-found-state';

/** A bot id that names no bot this company may see (a typo, private, unpublished). */
export function MarketplaceBotNotFound() {
  return (
    <NotFoundState
      title={MARKETPLACE_MESSAGES.botNotFound}
      description="The bot does not exist or is not offered to your company."
      to={MARKETPLACE_PATH}
      linkLabel="Go to Marketplace"
    />
  );
}

export function MarketplacePublisherNotFound() {
  return (
    <NotFoundState
      title={MARKETPLACE_MESSAGES.publisherNotFound}
      description="The publisher does not exist or offers no bots to your company."
      to={MARKETPLACE_PATH}
      linkLabel="Go to Marketplace"
    />
  );
}
