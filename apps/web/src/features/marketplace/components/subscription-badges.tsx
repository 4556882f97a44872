import type { MarketplaceSubscription } from '@fieldbot/shared';
import { Badge, Group } from '@mantine/core';

/** Subscribed (with the pinned version), Update available, Private. */
export function SubscriptionBadges({
  subscription,
  isPrivate,
}: {
  subscription: MarketplaceSubscription | null;
  isPrivate: boolean;
}) {
  if (!subscription && !isPrivate) return null;
  return (
    <Group gap={6}>
      {subscription ? (
        <Badge color="green" variant="light">{`Subscribed · v${subscription.version}`}</Badge>
      ) : null}
      {subscription?.update_available ? (
        <Badge color="orange" variant="light">
          Update available
        </Badge>
      ) : null}
      {isPrivate ? (
        <Badge color="gray" variant="light">
          Private
        </Badge>
      ) : null}
    </Group>
  );
}
