import { Group } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { MARKETPLACE_LIMITS } from '@fieldbot/shared';

/** Read-only stars, announced as one phrase ('4 out of 5 stars') rather than five icons. */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const max = MARKETPLACE_LIMITS.ratingMax;
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={`${rating} out of ${max} stars`}>
      {Array.from({ length: max }, (_, i) =>
        i < Math.round(rating) ? (
          <IconStarFilled key={i} size={size} aria-hidden color="var(--mantine-color-yellow-6)" />
        ) : (
          <IconStar key={i} size={size} aria-hidden color="var(--mantine-color-dimmed)" />
        ),
      )}
    </Group>
  );
}
