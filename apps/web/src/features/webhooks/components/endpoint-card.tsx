import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type WebhookEndpoint } from '@fieldbot/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatTimestamp } from '@/lib/format-date';
import { notifySuccess } from '@/lib/notify';
import { useSendWebhookTest, useSetWebhookEnabled } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { SigningSecret } from './signing-secret';

const STATUS = {
  enabled: { label: 'Enabled', color: 'green' },
  disabled: { label: 'Disabled', color: 'gray' },
  disabled_after_failures: { label: 'Disabled after failures', color: 'red' },
} as const;

export interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  logOpen: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One endpoint: where it points, what it receives, its state, secret, actions and log. */
export function EndpointCard({
  endpoint,
  logOpen,
  onToggleLog,
  onEdit,
  onDelete,
}: EndpointCardProps) {
  const test = useSendWebhookTest();
  const setEnabled = useSetWebhookEnabled();
  const status = STATUS[endpoint.status];
  const label = endpoint.description || endpoint.url;
  const enabled = endpoint.status === 'enabled';

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Webhook endpoint ${label}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Text fw={600} size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            )}
          </Stack>
          <Badge color={status.color} variant="light" data-testid="webhook-status">
            {status.label}
          </Badge>
        </Group>
        {endpoint.status === 'disabled_after_failures' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
            {WEBHOOK_MESSAGES.disabledAfterFailures}
          </Alert>
        )}
        <Group gap={6} wrap="wrap">
          {endpoint.event_types.map((type) => (
            <Badge key={type} variant="outline" color="gray" tt="none">
              {WEBHOOK_EVENT_LABELS[type]}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {endpoint.last_delivery
            ? `Last delivery ${endpoint.last_delivery.status === 'delivered' ? 'succeeded' : 'failed'} ${formatTimestamp(endpoint.last_delivery.attempted_at)}`
            : 'No deliveries yet'}
        </Text>
        <SigningSecret endpointId={endpoint.id} label={label} />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: ({ message }) => {
                  notifySuccess(message);
                  if (!logOpen) onToggleLog();
                },
              })
            }
            aria-label={`Send test event to ${label}`}
          >
            Send test
          </Button>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${label}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={setEnabled.isPending}
            onClick={() =>
              setEnabled.mutate(
                { id: endpoint.id, enabled: !enabled },
                { onSuccess: ({ message }) => message && notifySuccess(message) },
              )
            }
            aria-label={`${enabled ? 'Disable' : 'Enable'} ${label}`}
          >
            {enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${label}`}
          >
            Delete
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={onToggleLog}
            aria-expanded={logOpen}
            aria-label={`${logOpen ? 'Hide' : 'Show'} delivery log of ${label}`}
          >
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
        </Group>
        {logOpen && <DeliveryLog endpointId={endpoint.id} />}
      </Stack>
    </Paper>
  );
}
