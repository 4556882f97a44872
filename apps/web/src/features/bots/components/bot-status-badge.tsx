import type { BotStatus } from '@fieldbot/shared';
import { Badge } from '@mantine/core';
import { BOT_STATUS_BADGES } from '../lib/options';

export function BotStatusBadge({ status }: { status: BotStatus }) {
  const { label, color } = BOT_STATUS_BADGES[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
