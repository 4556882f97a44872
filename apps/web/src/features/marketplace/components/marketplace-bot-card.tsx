import { marketplaceBotPagePath, marketplacePublisherPagePath } from '@fieldbot/shared';
import type { MarketplaceBotItem } from '@fieldbot/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { BotIcon } from '@/components/bot-result';
import { companiesUsing, triggerWords } from '../lib/options';
import { BotPrice } from './bot-price';
import { RatingStars } from './rating-stars';
import { SubscriptionBadges } from './subscription-badges';

/** One bot in the marketplace grid: what it does, who makes it, what it costs, how it is liked. */
export function MarketplaceBotCard({ bot }: { bot: MarketplaceBotItem }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <BotIcon icon={bot.icon} size={40} />
          {/* 6 px apart: the bot's and the publisher's links are 24 px targets (WCAG 2.5.8). */}
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={marketplaceBotPagePath(bot.id)} inherit>
                {bot.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {'by '}
              <Anchor component={Link} to={marketplacePublisherPagePath(bot.publisher.id)} inherit>
                {bot.publisher.name}
              </Anchor>
            </Text>
          </Stack>
        </Group>
        <SubscriptionBadges
          subscription={bot.subscription}
          isPrivate={bot.visibility === 'private'}
        />
        <Text size="sm" fw={500}>
          {triggerWords(bot.trigger, bot.trigger_event)}
        </Text>
        <Text size="sm" lineClamp={3} style={{ flex: 1 }}>
          {bot.description}
        </Text>
        <BotPrice millicents={bot.price_per_run_millicents} engine={bot.engine} />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {companiesUsing(bot.companies_count)}
          </Text>
          <RatingStars rating={bot.rating} />
        </Group>
      </Stack>
    </Card>
  );
}
