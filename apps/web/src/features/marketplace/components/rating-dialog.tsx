import {
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  ratingBodySchema,
  type MarketplaceBotDetail,
} from '@fieldbot/shared';
import { Alert, Button, Group, Input, Modal, Rating, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/lib/http';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useRateBot } from '../api/rate-bot';

export interface RatingDialogProps {
  bot: Pick<MarketplaceBotDetail, 'id' | 'name' | 'my_rating'>;
  opened: boolean;
  onClose: () => void;
}

/** 1–5 stars and an optional comment; a company's new rating replaces its last one. */
export function RatingDialog({ bot, opened, onClose }: RatingDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Rate ${bot.name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open, so each opening starts from the saved rating. */}
      {opened ? <RatingForm bot={bot} onDone={onClose} /> : null}
    </Modal>
  );
}

function RatingForm({ bot, onDone }: { bot: RatingDialogProps['bot']; onDone: () => void }) {
  const rate = useRateBot(bot.id);
  const [rating, setRating] = useState(bot.my_rating?.rating ?? 0);
  const [comment, setComment] = useState(bot.my_rating?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});

  const submit = () => {
    const parsed = ratingBodySchema.safeParse({ rating, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'comment' ? 'comment' : 'rating';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    rate.mutate(parsed.data, {
      onSuccess: (response) => {
        notifySuccess(response.message || MARKETPLACE_MESSAGES.ratingSaved);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error)) {
          setErrors({
            rating: error.fieldError('rating'),
            comment: error.fieldError('comment'),
          });
        }
      },
    });
  };

  const serverError =
    rate.error && !errors.rating && !errors.comment ? errorMessage(rate.error) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Input.Wrapper
          label="Your rating"
          required
          error={errors.rating}
          id="rating-stars"
          labelElement="div"
        >
          <Rating
            value={rating}
            onChange={(value) => {
              setRating(value);
              setErrors((e) => ({ ...e, rating: undefined }));
            }}
            size="lg"
            mt={4}
            role="radiogroup"
            aria-labelledby="rating-stars-label"
            getSymbolLabel={(value) => `${value} ${value === 1 ? 'star' : 'stars'}`}
          />
        </Input.Wrapper>
        <Textarea
          label="Comment"
          description={`Optional, up to ${MARKETPLACE_LIMITS.commentMax} characters`}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setErrors((e) => ({ ...e, comment: undefined }));
          }}
          error={errors.comment}
          rows={4}
        />
        {serverError ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={rate.isPending}>
            Save rating
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
