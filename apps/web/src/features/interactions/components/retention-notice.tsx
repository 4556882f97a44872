import { audioDeletedMessage, transcriptDeletedMessage } from '@fieldbot/shared';
import { Alert } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';

export interface RetentionNoticeProps {
  /** What the company's retention policy deleted: the recording, or the transcript and bot results. */
  kind: 'audio' | 'transcript';
  /** When it was deleted (ISO); the message shows the day in the viewer's zone. */
  deletedAt: string;
}

/**
 * Shown in place of the player or of the transcript once the retention job has deleted them, so
 * a reader knows the gap is the company's policy and not a fault.
 */
export function RetentionNotice({ kind, deletedAt }: RetentionNoticeProps) {
  const message =
    kind === 'audio' ? audioDeletedMessage(deletedAt) : transcriptDeletedMessage(deletedAt);
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconClockX aria-hidden />}
      role="status"
      data-testid={`retention-notice-${kind}`}
    >
      {message}
    </Alert>
  );
}
