import { formatPlayerTime, type UnbookedCall } from '@fieldbot/shared';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatTimestamp } from '@/lib/format-date';
import { csrCallPath, customerCallsPath } from '../lib/paths';

export const NO_UNBOOKED_CALLS = 'No Unbooked Calls Found';

/**
 * The month's newest unbooked lead calls (company scope): each opens its interaction page; the
 * customer's name opens that customer's CSR calls.
 */
export function UnbookedCallsList({ calls }: { calls: readonly UnbookedCall[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="unbooked-calls">
      <Title order={2} size="h5" id="unbooked-calls" mb="sm">
        Unbooked Calls to Review
      </Title>
      {calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_UNBOOKED_CALLS}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {calls.map((call) => (
            <li key={call.interaction_id}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} miw={0}>
                  <Anchor
                    component={Link}
                    to={csrCallPath(call.customer_id, call.interaction_id)}
                    size="sm"
                    fw={600}
                    truncate
                  >
                    {`Call ${call.number}`}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate>
                    <Anchor component={Link} to={customerCallsPath(call.customer_id)} inherit>
                      {call.customer_name}
                    </Anchor>
                    {call.agent_name ? ` · ${call.agent_name}` : ''}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="xs">{formatTimestamp(call.started_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatPlayerTime(call.duration_seconds)}
                  </Text>
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
