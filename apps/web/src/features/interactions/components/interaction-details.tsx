import { formatPlayerTime, interactionTypeLabel, type InteractionDetail } from '@fieldbot/shared';
import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatTimestamp } from '@/lib/format-date';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { ConsentRecord } from './consent-record';

const EMPTY = '-';

/** Spec §2 details block, in the formats of spec §9. */
export function InteractionDetails({ detail }: { detail: InteractionDetail }) {
  const rows: [string, ReactNode][] = [
    ['Interaction ID', detail.interaction_id],
    ['Interaction type', interactionTypeLabel(detail.type, detail.call_type)],
    ['Timestamp', formatTimestamp(detail.created_at) || EMPTY],
    ['Recording length', formatPlayerTime(detail.duration)],
    ['Interaction Status', <StatusBadge key="status" status={detail.status} />],
    ['Field Team', detail.recording_by || EMPTY],
    ['Job ID', detail.job_id || EMPTY],
  ];
  // Calls are recorded by the CRM's phone system: the in-home consent record is a visit's.
  if (detail.type === 'field-recording') {
    rows.push(['Consent', <ConsentRecord key="consent" consent={detail.consent} />]);
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Interaction details">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0}>
        {rows.map(([label, value]) => (
          <Box key={label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} mt={4} fw={500}>
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
