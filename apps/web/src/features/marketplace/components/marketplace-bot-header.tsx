import { marketplacePublisherPagePath } from '@fieldbot/shared';
import type { MarketplaceBotDetail } from '@fieldbot/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BotIcon } from '@/components/bot-result';
import { formatDay } from '@/lib/format-date';
import { companiesUsing, triggerWords } from '../lib/options';
import { BotPrice } from './bot-price';
import { RatingStars } from './rating-stars';
import { SubscriptionBadges } from './subscription-badges';

/** The bot page's header: identity, publisher, when it runs, price for this company, actions. */
export function MarketplaceBotHeader({
  bot,
  actions,
}: {
  bot: MarketplaceBotDetail;
  actions: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bot-name">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <BotIcon icon={bot.icon} size={56} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id="bot-name" style={{ overflowWrap: 'anywhere' }}>
              {bot.name}
            </Title>
            <Text size="sm" c="dimmed">
              {'by '}
              <Anchor component={Link} to={marketplacePublisherPagePath(bot.publisher.id)} inherit>
                {bot.publisher.name}
              </Anchor>
            </Text>
            <SubscriptionBadges
              subscription={bot.subscription}
              isPrivate={bot.visibility === 'private'}
            />
            <Text size="sm" fw={500}>
              {`Runs on: ${triggerWords(bot.trigger, bot.trigger_event)}`}
            </Text>
            <BotPrice millicents={bot.price_per_run_millicents} engine={bot.engine} size="md" />
            <Group gap="md">
              <RatingStars rating={bot.rating} />
              <Text size="xs" c="dimmed">
                {companiesUsing(bot.companies_count)}
              </Text>
              <Text size="xs" c="dimmed">{`Latest version v${bot.latest_version}`}</Text>
            </Group>
            {bot.subscription?.retires_on ? (
              <Text size="sm" fw={500}>
                {`Your version v${bot.subscription.version} retires on ${formatDay(bot.subscription.retires_on)}.`}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {actions}
      </Group>
    </Card>
  );
}
