import type { CrmWritebackStatus } from '@fieldbot/shared';
import { Button, Paper, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TableError } from '@/components/data-table';
import { useSetCrmWriteback } from '../api/crm-writeback';
import { DemoCrmNotesModal } from './demo-crm-notes';

export interface CrmWritebackPanelProps {
  status: CrmWritebackStatus | undefined;
  error: unknown;
  onRetry: () => void;
}

const HEADING_ID = 'crm-writeback-heading';

/**
 * "Write results to CRM": one switch per subscribed bot (ADR 032). It sits under the integration
 * cards because it is the CRM's setting, managed by the same admins, and its failures show on the
 * CRM's card right above it.
 */
export function CrmWritebackPanel({ status, error, onRetry }: CrmWritebackPanelProps) {
  const setEnabled = useSetCrmWriteback();
  const [notesOpen, setNotesOpen] = useState(false);

  let body;
  if (error && !status) {
    body = <TableError error={error} onRetry={onRetry} />;
  } else if (!status) {
    body = (
      // No role="status": the page's sync notice is its one live status region.
      <Stack gap="sm" aria-busy="true">
        <VisuallyHidden>Loading write-back settings</VisuallyHidden>
        <Skeleton height={20} width="70%" />
        <Skeleton height={20} width="50%" />
      </Stack>
    );
  } else if (!status.integration) {
    body = (
      <Text size="sm" c="dimmed">
        Connect a CRM above to write your bots’ results to it.
      </Text>
    );
  } else if (status.bots.length === 0) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          Your company has no bots yet. Subscribe to one in the marketplace, then choose here
          whether its results go to {status.integration.name}.
        </Text>
        <Button component={Link} to="/marketplace" variant="light" size="xs">
          Browse the marketplace
        </Button>
      </Stack>
    );
  } else {
    const crmName = status.integration.name;
    body = (
      <Stack gap="sm">
        {status.bots.map((bot) => (
          <Switch
            key={bot.bot_id}
            checked={bot.enabled}
            disabled={setEnabled.isPending && setEnabled.variables?.botId === bot.bot_id}
            onChange={(event) =>
              setEnabled.mutate({ botId: bot.bot_id, enabled: event.currentTarget.checked })
            }
            label={bot.name}
            aria-label={`Write ${bot.name} results to ${crmName}`}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={HEADING_ID}>
          Write results to CRM
        </Title>
        <Text size="sm" c="dimmed">
          A bot switched on here adds its findings to the CRM as a note: on the job of a field
          recording, or on the customer of a call, with a link back to the interaction. A re-run
          updates that note.
        </Text>
        {body}
        {status?.integration?.slug === 'demo-crm' && (
          <Button
            variant="default"
            leftSection={<IconNotes size={16} aria-hidden />}
            onClick={() => setNotesOpen(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            View Demo CRM notes
          </Button>
        )}
      </Stack>
      <DemoCrmNotesModal opened={notesOpen} onClose={() => setNotesOpen(false)} />
    </Paper>
  );
}
