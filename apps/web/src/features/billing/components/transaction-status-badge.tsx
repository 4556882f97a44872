import type { TransactionStatus } from '@fieldbot/shared';
import { Badge, Tooltip } from '@mantine/core';

const STATUS: Record<TransactionStatus, { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  processing: { label: 'Processing', color: 'blue' },
};

/** A transaction's status; a failed one shows the provider's reason on hover and focus. */
export function TransactionStatusBadge({
  status,
  failureMessage,
}: {
  status: TransactionStatus;
  failureMessage: string | null;
}) {
  const { label, color } = STATUS[status];
  const badge = (
    <Badge variant="light" color={color} tabIndex={failureMessage ? 0 : undefined}>
      {label}
    </Badge>
  );
  if (status !== 'failed' || !failureMessage) return badge;
  return (
    <Tooltip
      label={failureMessage}
      multiline
      maw={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}
