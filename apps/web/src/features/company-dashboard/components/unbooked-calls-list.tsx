import {
  formatPlayerTime,
  type UnbookedCall,
  csrCallPath,
  customerCallsPath,
} from '@fieldbot/shared';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListCard } from '@/components/dashboard';
import { formatTimestamp } from '@/lib/format-date';

/**
 * The month's newest unbooked lead calls (company scope), framed like the top-5 lists: each opens
 * its interaction page; the customer's name opens that customer's CSR calls.
 */
export function UnbookedCallsList({ calls }: { calls: readonly UnbookedCall[] | undefined }) {
  return (
    <ListCard
      title="Unbooked Calls to Review"
      loading={calls === undefined}
      empty={calls?.length === 0}
      emptyText="No Unbooked Calls Found"
    >
      {calls?.map((call) => (
        <Group
          component="li"
          key={call.interaction_id}
          justify="space-between"
          gap="xs"
          wrap="nowrap"
          align="flex-start"
        >
          {/* 6 px apart: the call's and the customer's links are 24 px targets (WCAG 2.5.8). */}
          <Stack gap={6} miw={0}>
            <Anchor
              component={Link}
              to={csrCallPath(call.customer_id, call.interaction_id)}
              size="sm"
              truncate="end"
            >
              {`Call ${call.number}`}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              <Anchor component={Link} to={customerCallsPath(call.customer_id)} inherit>
                {call.customer_name}
              </Anchor>
              {call.agent_name ? ` · ${call.agent_name}` : ''}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
            <Text size="xs">{formatTimestamp(call.started_at)}</Text>
            <Text size="xs" c="dimmed">
              {formatPlayerTime(call.duration_seconds)}
            </Text>
          </Stack>
        </Group>
      ))}
    </ListCard>
  );
}
