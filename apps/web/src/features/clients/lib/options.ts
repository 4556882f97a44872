import type { BotRunTarget, BotRunType, ClientRun } from '@fieldbot/shared';
import type { MantineColor } from '@mantine/core';

export const RUN_STATUS_BADGES: Record<
  ClientRun['status'],
  { label: string; color: MantineColor }
> = {
  running: { label: 'Running', color: 'blue' },
  success: { label: 'Success', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export const RUN_STATUS_OPTIONS = Object.entries(RUN_STATUS_BADGES).map(([value, badge]) => ({
  value,
  label: badge.label,
}));

export const RUN_TYPE_LABELS: Record<BotRunType, string> = {
  manual: 'Manual',
  automatic: 'Automatic',
};

export const RUN_TARGET_LABELS: Record<BotRunTarget, string> = {
  customer: 'Customer',
  'field-recording': 'Field Recording',
  'csr-call': 'CSR Call',
};
