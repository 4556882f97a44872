import { PAGE_SIZE } from '@fieldbot/shared';
import { Box, Card, Group, Progress, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TableError, TablePagination } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import { useBotRatings } from '../api/get-bot-ratings';
import { RatingStars } from './rating-stars';

/** The rating summary with the count per star, then the companies' ratings, newest first. */
export function RatingsSection({ botId }: { botId: string }) {
  const [page, setPage] = useState(1);
  const ratings = useBotRatings(botId, page);

  if (ratings.isError && !ratings.data) {
    return <TableError error={ratings.error} onRetry={() => void ratings.refetch()} />;
  }
  if (!ratings.data) return <Skeleton height={120} radius="md" />;
  const { items, count, summary } = ratings.data;
  const most = Math.max(1, ...summary.distribution);

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="xl">
        <Stack gap={4}>
          <Text fz={32} fw={700} lh={1}>
            {summary.average === null ? '–' : summary.average.toFixed(1)}
          </Text>
          <RatingStars rating={summary} />
        </Stack>
        <Stack gap={4} component="dl" m={0} style={{ flex: '1 1 200px', maxWidth: 360 }}>
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = summary.distribution[stars - 1] ?? 0;
            return (
              <Group key={stars} gap="xs" wrap="nowrap">
                <Text
                  component="dt"
                  size="xs"
                  w={48}
                >{`${stars} ${stars === 1 ? 'star' : 'stars'}`}</Text>
                <Box component="dd" m={0} style={{ flex: 1 }}>
                  <Progress value={(n / most) * 100} size="sm" aria-hidden />
                </Box>
                <Text component="dd" m={0} size="xs" w={32} ta="right">
                  {n}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ratings yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Ratings"
        >
          {items.map((rating) => (
            <Card component="li" key={rating.company_id} withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {rating.company_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatTimestamp(rating.updated_at)}
                </Text>
              </Group>
              <Group gap={6} role="img" aria-label={`${rating.rating} out of 5 stars`}>
                <Rating value={rating.rating} readOnly size="sm" aria-hidden />
              </Group>
              {rating.comment ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {rating.comment}
                </Text>
              ) : null}
              {rating.reply ? (
                <Box
                  mt="xs"
                  pl="sm"
                  style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
                >
                  <Text size="xs" fw={600}>
                    Reply from the publisher
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {rating.reply}
                  </Text>
                </Box>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
      <TablePagination
        page={page}
        total={count}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        label="Ratings pages"
      />
    </Stack>
  );
}
