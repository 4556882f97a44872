import type { BotStatus } from '@fieldbot/shared';
import { Badge } from '@mantine/core';
import { BOT_STATUS_BADGES } from '../lib/options';

export function BotStatusBadge({ status }: { status: BotStatus }) {
  const { label, color } = BOT_STATUS_BADGES[status];
  return (
    // A badge's label may ellipsise; in a narrow table column it would read 'PUBLI…'.
    <Badge variant="light" color={color} miw="max-content">
      {label}
    </Badge>
  );
}
