import type { MarketplaceBotDetail } from '@fieldbot/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { useSubscriptionAction, type SubscriptionAction } from '../api/subscription-actions';

/**
 * Subscribe; or, once subscribed, "Update to vN" when a newer version exists and Unsubscribe
 * (confirmed: the company's automatic runs of the bot stop).
 */
export function SubscriptionActions({
  bot,
  onRate,
}: {
  bot: Pick<MarketplaceBotDetail, 'id' | 'name' | 'subscription' | 'latest_version' | 'my_rating'>;
  onRate: () => void;
}) {
  const action = useSubscriptionAction(bot.id);
  const [confirming, setConfirming] = useState(false);
  const run = (name: SubscriptionAction, after?: () => void) =>
    action.mutate(name, {
      onSuccess: (response) => {
        notifySuccess(response.message);
        after?.();
      },
    });
  const busy = (name: SubscriptionAction) => action.isPending && action.variables === name;

  if (!bot.subscription) {
    return (
      <Button onClick={() => run('subscribe')} loading={busy('subscribe')}>
        Subscribe
      </Button>
    );
  }
  return (
    <Group gap="xs">
      {bot.subscription.update_available ? (
        <Button onClick={() => run('update')} loading={busy('update')}>
          {`Update to v${bot.latest_version}`}
        </Button>
      ) : null}
      <Button variant="light" onClick={onRate}>
        {bot.my_rating ? 'Change rating' : 'Rate'}
      </Button>
      <Button variant="default" color="red" onClick={() => setConfirming(true)}>
        Unsubscribe
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Unsubscribe from ${bot.name}?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm">
          The bot stops running on your company&apos;s interactions. Results it has already produced
          stay. You can subscribe again at any time.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy('unsubscribe')}
            onClick={() => run('unsubscribe', () => setConfirming(false))}
          >
            Unsubscribe
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
