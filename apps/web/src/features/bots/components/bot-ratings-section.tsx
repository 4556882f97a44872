import {
  MARKETPLACE_LIMITS,
  PAGE_SIZE,
  type Rating,
  type RatingListResponse,
} from '@fieldbot/shared';
import {
  Button,
  Divider,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { TableError, TablePagination } from '@/components/data-table';
import { formatDay } from '@/lib/format-date';
import { useBotRatings } from '../api/get-bot-ratings';
import { RatingReplyDialog } from './rating-reply-dialog';
import { RatingStars } from './rating-stars';

type Summary = RatingListResponse['data']['summary'];

/** What companies using the bot think of it, and the publisher's replies. */
export function BotRatingsSection({ botId }: { botId: string }) {
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<Rating | null>(null);
  const ratings = useBotRatings(botId, page);
  const data = ratings.data?.data;

  let body;
  if (ratings.isError) {
    body = <TableError error={ratings.error} onRetry={() => void ratings.refetch()} />;
  } else if (!data) {
    body = <RatingsSkeleton />;
  } else {
    body = (
      <Stack gap="md">
        <RatingSummary summary={data.summary} />
        {data.items.length === 0 ? (
          <Text ta="center" c="dimmed" py="md">
            No Ratings Found
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Ratings"
          >
            {data.items.map((rating, index) => (
              <li key={rating.company_id}>
                {index > 0 ? <Divider my="sm" /> : null}
                <RatingItem rating={rating} onReply={() => setReplying(rating)} />
              </li>
            ))}
          </Stack>
        )}
        <TablePagination
          page={page}
          total={data.count}
          onPageChange={setPage}
          pageSize={PAGE_SIZE}
          label="Ratings pages"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="bot-ratings-title">
      <Title order={2} size="h4" id="bot-ratings-title">
        Ratings
      </Title>
      <Paper withBorder radius="md" p="md" aria-busy={ratings.isFetching}>
        {body}
      </Paper>
      <RatingReplyDialog botId={botId} rating={replying} onClose={() => setReplying(null)} />
    </Stack>
  );
}

function RatingSummary({ summary }: { summary: Summary }) {
  const max = MARKETPLACE_LIMITS.ratingMax;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
      <Stack gap={4} justify="center">
        <Group gap="sm" align="baseline">
          <Text fz={36} fw={700} lh={1} data-testid="rating-average">
            {summary.average === null ? '—' : summary.average.toFixed(1)}
          </Text>
          {summary.average !== null ? <RatingStars rating={summary.average} size={20} /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {summary.count === 1 ? '1 rating' : `${summary.count.toLocaleString('en-US')} ratings`}
        </Text>
      </Stack>
      <Stack
        gap={4}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Ratings by stars"
      >
        {Array.from({ length: max }, (_, i) => max - i).map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          const share = summary.count > 0 ? (count / summary.count) * 100 : 0;
          return (
            <Group key={stars} component="li" gap="xs" wrap="nowrap">
              <Text size="xs" w={52} style={{ flex: 'none' }}>
                {stars === 1 ? '1 star' : `${stars} stars`}
                <VisuallyHidden>:</VisuallyHidden>
              </Text>
              <Progress value={share} color="yellow" size="sm" style={{ flex: 1 }} aria-hidden />
              <Text size="xs" c="dimmed" w={40} ta="right">
                {count}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </SimpleGrid>
  );
}

function RatingItem({ rating, onReply }: { rating: Rating; onReply: () => void }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <div>
          <Text fw={600} size="sm">
            {rating.company_name}
          </Text>
          <Group gap="xs">
            <RatingStars rating={rating.rating} />
            <Text size="xs" c="dimmed">
              {formatDay(rating.updated_at)}
            </Text>
          </Group>
        </div>
        <Button
          size="xs"
          variant="default"
          onClick={onReply}
          aria-label={`${rating.reply ? 'Edit reply' : 'Reply'} to ${rating.company_name}`}
        >
          {rating.reply ? 'Edit reply' : 'Reply'}
        </Button>
      </Group>
      {rating.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {rating.comment}
        </Text>
      ) : null}
      {rating.reply ? (
        <Paper
          bg="var(--mantine-color-default-hover)"
          radius="sm"
          p="sm"
          ml={{ base: 0, sm: 'lg' }}
        >
          {/* Not dimmed: on the hover shade dimmed text is below 4.5:1 in the dark theme. */}
          <Text size="xs" fw={600}>
            {`Your reply${rating.replied_at ? ` · ${formatDay(rating.replied_at)}` : ''}`}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {rating.reply}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

function RatingsSkeleton() {
  return (
    <Stack gap="sm" data-testid="ratings-loading">
      <Skeleton height={36} width="30%" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} height={14} />
      ))}
    </Stack>
  );
}
