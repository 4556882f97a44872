import type { RatingSummary } from '@fieldbot/shared';
import { Group, Rating, Text } from '@mantine/core';

export function ratingText({ average, count }: RatingSummary): string {
  if (count === 0 || average === null) return 'No ratings yet';
  return `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** Read-only stars with the count; the group says it in words for screen readers. */
export function RatingStars({
  rating,
  size = 'sm',
}: {
  rating: RatingSummary;
  size?: 'sm' | 'md';
}) {
  const label = ratingText(rating);
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={rating.average ?? 0} fractions={10} readOnly size={size} aria-hidden />
      <Text size="xs" c="dimmed" aria-hidden>
        {rating.count === 0 ? 'No ratings' : `${rating.average?.toFixed(1)} (${rating.count})`}
      </Text>
    </Group>
  );
}
