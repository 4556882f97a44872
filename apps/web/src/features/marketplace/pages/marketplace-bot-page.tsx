import type { MarketplaceBotDetail } from '@fieldbot/shared';
import { Box, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { useMarketplaceBot } from '../api/get-marketplace-bot';
import { BotExample } from '../components/bot-example';
import { MarketplaceBotHeader } from '../components/marketplace-bot-header';
import { MarketplaceBotNotFound } from '../components/marketplace-not-found';
import { RatingDialog } from '../components/rating-dialog';
import { RatingsSection } from '../components/ratings-section';
import { SubscriptionActions } from '../components/subscription-actions';
import { VersionHistory } from '../components/version-history';
import { useClearReferralCode } from '../lib/use-clear-referral-code';

/** /marketplace/bot/:botId: what the bot does, an example, its versions, price and ratings. */
export function MarketplaceBotPage() {
  usePageHeader({ title: 'Bot Detail', enableReturn: true });
  useClearReferralCode();
  const { botId } = useParams();
  if (!isRecordId(botId)) return <MarketplaceBotNotFound />;
  return <BotView key={botId} botId={botId} />;
}

function BotView({ botId }: { botId: string }) {
  const bot = useMarketplaceBot(botId);
  const [rating, setRating] = useState(false);

  if (bot.isPending) return <BotSkeleton />;
  if (bot.isError) {
    if (isNotFoundError(bot.error)) return <MarketplaceBotNotFound />;
    return <TableError error={bot.error} onRetry={() => void bot.refetch()} />;
  }
  const detail = bot.data;
  return (
    <Stack gap="md">
      <MarketplaceBotHeader
        bot={detail}
        actions={<SubscriptionActions bot={detail} onRate={() => setRating(true)} />}
      />
      <Section id="bot-description" title="Description">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {detail.description}
        </Text>
      </Section>
      <Section id="bot-output-tags" title="Output tags">
        <OutputTags tags={detail.output_tags} />
      </Section>
      <Section id="bot-example" title="Example">
        {detail.example ? (
          <BotExample example={detail.example} botId={detail.id} />
        ) : (
          <Text size="sm" c="dimmed">
            The publisher has not shared an example for this version.
          </Text>
        )}
      </Section>
      <Section id="bot-versions" title="Version history">
        <VersionHistory versions={detail.versions} pinned={detail.subscription?.version ?? null} />
      </Section>
      <Section id="bot-ratings" title="Ratings">
        <RatingsSection botId={detail.id} />
      </Section>
      <RatingDialog bot={detail} opened={rating} onClose={() => setRating(false)} />
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function OutputTags({ tags }: { tags: MarketplaceBotDetail['output_tags'] }) {
  if (tags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No output tags.
      </Text>
    );
  }
  return (
    <Stack component="dl" gap="sm" m={0}>
      {tags.map((tag) => (
        <Box key={tag.index}>
          <Text component="dt" size="sm" fw={600}>
            {tag.label}
          </Text>
          <Text component="dd" m={0} size="sm" c="dimmed">
            {tag.description}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function BotSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={160} radius="md" />
      <Skeleton height={100} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}
