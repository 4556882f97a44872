import {
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  ratingReplyBodySchema,
  type Rating,
} from '@fieldbot/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReplyToRating } from '../api/reply-to-rating';

export interface RatingReplyDialogProps {
  botId: string;
  /** The rating answered; null when the dialog is closed. */
  rating: Rating | null;
  onClose: () => void;
}

/** The publisher's public answer to a company's rating; saving again replaces it. */
export function RatingReplyDialog({ botId, rating, onClose }: RatingReplyDialogProps) {
  return (
    <Modal
      opened={rating !== null}
      onClose={onClose}
      title={rating ? `Reply to ${rating.company_name}` : 'Reply'}
      centered
    >
      {rating ? <ReplyForm botId={botId} rating={rating} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReplyForm({
  botId,
  rating,
  onClose,
}: {
  botId: string;
  rating: Rating;
  onClose: () => void;
}) {
  const reply = useReplyToRating(botId);
  const form = useForm({
    initialValues: { reply: rating.reply ?? '' },
    validate: zod4Resolver(ratingReplyBodySchema),
  });
  const submit = form.onSubmit((values) => {
    reply.mutate(
      { companyId: rating.company_id, reply: ratingReplyBodySchema.parse(values).reply },
      {
        onSuccess: () => {
          notifySuccess(MARKETPLACE_MESSAGES.replySaved);
          onClose();
        },
        onError: (error) => {
          const message = applyServerErrors(form, error, ['reply']);
          if (message) notifyError(message);
        },
      },
    );
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {rating.comment ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {`“${rating.comment}”`}
          </Text>
        ) : null}
        <Textarea
          label="Your reply"
          description={`Shown under the rating in the marketplace. Up to ${MARKETPLACE_LIMITS.replyMax} characters.`}
          required
          data-autofocus
          rows={4}
          resize="vertical"
          {...form.getInputProps('reply')}
        />
        <Text size="xs" c="dimmed" ta="right">
          {`${form.values.reply.length}/${MARKETPLACE_LIMITS.replyMax}`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={reply.isPending}>
            Save reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
