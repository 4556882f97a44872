import type { ClientDetail, ClientSource } from '@fieldbot/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDay } from '@/lib/format-date';
import { MarkupDialog } from './markup-dialog';

const SOURCE_LABELS: Record<ClientSource, string> = {
  referral: 'Referral link',
  subscription: 'Marketplace subscription',
};

function Field({ term, value }: { term: string; value: string | number | null }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500}>
        {value === null || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

/** What the company shares publicly, and the markup it pays (editable by the publisher admin). */
export function ClientGeneralTab({
  client,
  canEditMarkup,
}: {
  client: ClientDetail;
  canEditMarkup: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const location = [client.city, client.state].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-company">
        <Title order={2} size="h4" id="client-company" mb="sm">
          Company
        </Title>
        {client.description ? (
          <Text size="sm" mb="md" style={{ whiteSpace: 'pre-wrap' }}>
            {client.description}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="dl" m={0} spacing="md">
          <Field term="Location" value={location} />
          <Field term="Industry" value={client.industry} />
          <Field term="Type" value={client.type} />
          <Field term="Client since" value={formatDay(client.since)} />
          <Field term="Came through" value={SOURCE_LABELS[client.source]} />
          <Field term="Bots used" value={client.bots_used} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-markup">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="client-markup">
              Markup
            </Title>
            <Group gap="xs" mt="xs">
              <Text size="xl" fw={700} data-testid="client-markup-percent">
                {`${client.markup_percent}%`}
              </Text>
              {client.markup_overridden ? (
                <Badge variant="light" color="grape">
                  Custom
                </Badge>
              ) : (
                <Badge variant="light" color="gray">
                  Default
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {client.markup_overridden
                ? `Your default markup is ${client.default_markup_percent}%.`
                : 'Your default markup applies to this client.'}
            </Text>
          </div>
          {canEditMarkup ? (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit markup
            </Button>
          ) : null}
        </Group>
      </Paper>
      {canEditMarkup ? (
        <MarkupDialog client={client} opened={editing} onClose={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}
