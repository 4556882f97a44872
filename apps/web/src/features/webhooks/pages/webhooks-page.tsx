import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  formatWebhookDelay,
  webhookRetrySchedule,
  type WebhookEndpoint,
} from '@fieldbot/shared';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TableError } from '@/components/data-table';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { usePageHeader } from '@/components/layout/page-header';
import { notifySuccess } from '@/lib/notify';
import { useDeleteWebhookEndpoint, useWebhookEndpoints } from '../api/webhooks';
import { EndpointCard } from '../components/endpoint-card';
import { EndpointFormDialog } from '../components/endpoint-form-dialog';

const schedule = webhookRetrySchedule()
  .map((step) => formatWebhookDelay(step.minDelaySeconds))
  .join(', ');

/** /settings/webhooks: the company admin's webhook endpoints (issue 26 §4). */
export function WebhooksPage() {
  usePageHeader({ title: 'Settings' });
  const list = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logFor, setLogFor] = useState<string | null>(null);
  const endpoints = list.data?.data;
  const full = (endpoints?.length ?? 0) >= WEBHOOK_MAX_ENDPOINTS;

  let content;
  if (list.isError && !endpoints) {
    content = <TableError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!endpoints) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading webhook endpoints">
        {[0, 1].map((i) => (
          <Paper key={i} withBorder radius="md" p="md" data-testid="webhook-skeleton">
            <Stack gap="sm">
              <Skeleton height={16} width="60%" />
              <Skeleton height={12} width="40%" />
              <Skeleton height={28} width="80%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  } else if (endpoints.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>No webhook endpoints yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={480}>
            Add an endpoint to have Fieldbot send completed interactions, bot results and alerts to
            your own systems as they happen.
          </Text>
          <Button mt="sm" onClick={() => setEditing('new')}>
            Add endpoint
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="md">
        {endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            logOpen={logFor === endpoint.id}
            onToggleLog={() => setLogFor((open) => (open === endpoint.id ? null : endpoint.id))}
            onEdit={() => setEditing(endpoint)}
            onDelete={() => setDeleting(endpoint)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={680}>
          <Text size="sm">
            Webhooks send events to your systems as signed HTTPS requests (Standard Webhooks: check
            the <code>webhook-signature</code> header with the endpoint&apos;s signing secret and
            ignore a <code>webhook-id</code> you have already processed).
          </Text>
          <Text size="sm" c="dimmed">
            {`${WEBHOOK_MESSAGES.retryExplanation} Waits between attempts start at about ${schedule.split(', ')[0]} and double each time (${schedule}).`}
          </Text>
          <Anchor
            href="https://www.standardwebhooks.com"
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            Standard Webhooks specification
          </Anchor>
        </Stack>
        {endpoints && endpoints.length > 0 && (
          <Button
            onClick={() => setEditing('new')}
            disabled={full}
            title={full ? WEBHOOK_MESSAGES.tooMany : undefined}
          >
            Add endpoint
          </Button>
        )}
      </Group>
      {content}
      <EndpointFormDialog endpoint={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete webhook endpoint"
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => notifySuccess(message),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {`Delete the endpoint ${deleting?.url ?? ''}? It stops receiving events at once, and its delivery log is deleted with it.`}
      </ConfirmModal>
    </Stack>
  );
}
