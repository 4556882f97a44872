import {
  ALERT_CHANNEL_LABELS,
  ALERT_CONDITION_LABELS,
  ALERT_MESSAGES,
  ROLE_TITLES,
  formatUsd,
  type AlertRule,
} from '@fieldbot/shared';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TableError } from '@/components/data-table';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { usePageHeader } from '@/components/layout/page-header';
import { notifySuccess } from '@/lib/notify';
import { useAlertRules, useDeleteAlertRule } from '../api/alerts';
import { AlertRuleFormDialog } from '../components/alert-rule-form-dialog';

/** What a rule watches, in one line. */
function watches(rule: AlertRule): string {
  switch (rule.condition) {
    case 'tag_found':
    case 'tag_not_found':
      return `${rule.bot_name ?? 'Bot'}: "${rule.tag_label}" ${rule.condition === 'tag_found' ? 'found' : 'not found'}`;
    case 'spend_threshold':
      return `Spend this month reaches ${formatUsd(rule.spend_cents ?? 0)}`;
    default:
      return ALERT_CONDITION_LABELS[rule.condition];
  }
}

/** /settings/alerts: the company's alert rules (company admins and managers, issue 26 §1). */
export function AlertsSettingsPage() {
  usePageHeader({ title: 'Settings' });
  const rules = useAlertRules();
  const remove = useDeleteAlertRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const list = rules.data;

  let content;
  if (rules.isError && !list) {
    content = <TableError error={rules.error} onRetry={() => void rules.refetch()} />;
  } else if (!list) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading alert rules">
        {[0, 1].map((i) => (
          <Paper key={i} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Skeleton height={16} width="50%" />
              <Skeleton height={12} width="70%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  } else if (list.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>{ALERT_MESSAGES.noRules}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={480}>
            Alert rules tell the right people when a bot finds something (or misses it), a job ends
            without a recording, or the month&apos;s spend reaches an amount.
          </Text>
          <Button mt="sm" onClick={() => setEditing('new')}>
            New alert rule
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((rule) => (
          <Paper key={rule.id} component="li" withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                <Group gap="xs">
                  <Text fw={600} component="h2" size="md" m={0}>
                    {rule.name}
                  </Text>
                  {!rule.enabled && (
                    <Badge color="gray" variant="light">
                      Disabled
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{watches(rule)}</Text>
                <Text size="sm" c="dimmed">
                  {[
                    ...rule.recipient_roles.map((r) => ROLE_TITLES[r]),
                    ...(rule.recipient_user_ids.length > 0
                      ? [`${rule.recipient_user_ids.length} more people`]
                      : []),
                  ].join(', ')}
                  {` · ${ALERT_CHANNEL_LABELS[rule.channel]}`}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Edit ${rule.name}`}
                  onClick={() => setEditing(rule)}
                >
                  Edit
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  aria-label={`Delete ${rule.name}`}
                  onClick={() => setDeleting(rule)}
                >
                  Delete
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" maw={680}>
          Alerts appear under the bell in the header, and by e-mail at once or in a daily digest at
          7:00 in the company&apos;s timezone. Everyone can mute e-mails or the bell for a rule on
          their profile.
        </Text>
        {list && list.length > 0 && (
          <Button onClick={() => setEditing('new')}>New alert rule</Button>
        )}
      </Group>
      {content}
      <AlertRuleFormDialog rule={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete alert rule"
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
        {`Delete the alert rule "${deleting?.name ?? ''}"? Its notifications are deleted with it.`}
      </ConfirmModal>
    </Stack>
  );
}
