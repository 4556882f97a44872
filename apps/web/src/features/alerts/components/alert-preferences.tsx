import {
  ALERT_CHANNEL_LABELS,
  ALERT_MESSAGES,
  isCompanyRole,
  type AlertPreference,
} from '@fieldbot/shared';
import { Paper, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { TableError } from '@/components/data-table';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useAlertPreferences, useSaveAlertPreferences } from '../api/alerts';

/** The profile's "Alerts" card: per rule that reaches the user, e-mail and bell on or off. */
export function AlertPreferences() {
  const user = useCurrentUser();
  const company = Boolean(user && isCompanyRole(user.role.alias));
  const prefs = useAlertPreferences(company);
  const save = useSaveAlertPreferences();
  const list = prefs.data;

  const change = (
    pref: AlertPreference,
    patch: Partial<Pick<AlertPreference, 'email' | 'in_app'>>,
  ) =>
    save.mutate(
      {
        preferences: [{ rule_id: pref.rule_id, email: pref.email, in_app: pref.in_app, ...patch }],
      },
      {
        onSuccess: () => notifySuccess(ALERT_MESSAGES.preferencesSaved),
        onError: (error) => notifyError(error),
      },
    );

  let body;
  if (prefs.isError && !list) {
    body = <TableError error={prefs.error} onRetry={() => void prefs.refetch()} />;
  } else if (!list) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading alert preferences">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    );
  } else if (list.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No alert rules reach you yet.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Bell</Table.Th>
              <Table.Th>E-mail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((pref) => (
              <Table.Tr key={pref.rule_id}>
                <Table.Td>
                  <Text size="sm">{pref.rule_name}</Text>
                  <Text size="xs" c="dimmed">
                    {ALERT_CHANNEL_LABELS[pref.channel]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Bell alerts for ${pref.rule_name}`}
                    checked={pref.in_app}
                    disabled={save.isPending}
                    onChange={(e) => change(pref, { in_app: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`E-mail alerts for ${pref.rule_name}`}
                    checked={pref.email}
                    disabled={save.isPending || pref.channel === 'in_app'}
                    onChange={(e) => change(pref, { email: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  if (!company) return null;
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Alerts
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
