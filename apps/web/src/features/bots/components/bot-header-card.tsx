import {
  BOT_TRIGGER_EVENT_LABELS,
  BOT_TRIGGER_LABELS,
  type BotDetail,
  botEditPath,
} from '@fieldbot/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BOT_ENGINE_LABELS, BOT_VISIBILITY_LABELS } from '../lib/options';
import { BotIcon } from './bot-icon';
import { BotStatusBadge } from './bot-status-badge';

export interface BotHeaderCardProps {
  bot: BotDetail;
  onArchive: () => void;
}

/** Who the bot is: icon, name, status, when it runs, how, for whom; Edit and Archive. */
export function BotHeaderCard({ bot, onArchive }: BotHeaderCardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <BotIcon icon={bot.icon} size={48} />
            <div>
              <Title order={2} size="h3">
                {bot.name}
              </Title>
              <Group gap={6} mt={4}>
                <BotStatusBadge status={bot.status} />
                {bot.latest_version !== null ? (
                  <Badge variant="outline" color="gray">{`v${bot.latest_version}`}</Badge>
                ) : null}
                {bot.has_unpublished_changes ? (
                  <Badge variant="light" color="yellow">
                    Unpublished changes
                  </Badge>
                ) : null}
              </Group>
            </div>
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to={botEditPath(bot.id)}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit
            </Button>
            {bot.status !== 'archived' ? (
              <Button
                variant="subtle"
                color="red"
                onClick={onArchive}
                leftSection={<IconArchive size={16} aria-hidden />}
              >
                Archive
              </Button>
            ) : null}
          </Group>
        </Group>
        <Group gap="xl" component="dl" m={0}>
          {[
            ['Trigger', BOT_TRIGGER_LABELS[bot.trigger]],
            ['Event', BOT_TRIGGER_EVENT_LABELS[bot.trigger_event]],
            ['Engine', BOT_ENGINE_LABELS[bot.engine]],
            ['Visibility', BOT_VISIBILITY_LABELS[bot.visibility]],
          ].map(([term, value]) => (
            <div key={term}>
              <Text component="dt" size="xs" c="dimmed">
                {term}
              </Text>
              <Text component="dd" m={0} size="sm" fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </Group>
        {bot.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {bot.description}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
