import {
  botListQuerySchema,
  BOT_CREATE_PATH,
  BOT_LIST_PATH,
  PRIVATE_BOTS_PATH,
} from '@fieldbot/shared';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useBots } from '../api/get-bots';
import { BotsTable } from '../components/bots-table';

interface BotListProps {
  /** /bot/private-bot: only private bots, filtered by the server so paging stays right. */
  privateOnly: boolean;
}

function BotList({ privateOnly }: BotListProps) {
  const title = privateOnly ? 'Private Bots' : 'Bots';
  usePageHeader({ title });
  const [urlQuery, setQuery] = useListQuery(botListQuerySchema);
  const query = privateOnly ? { ...urlQuery, visibility: 'private' as const } : urlQuery;
  const bots = useBots(query);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group component="nav" aria-label="Bot lists" gap="xs">
          <Button
            component={Link}
            to={BOT_LIST_PATH}
            variant={privateOnly ? 'subtle' : 'light'}
            aria-current={privateOnly ? undefined : 'page'}
            size="sm"
          >
            All Bots
          </Button>
          <Button
            component={Link}
            to={PRIVATE_BOTS_PATH}
            variant={privateOnly ? 'light' : 'subtle'}
            aria-current={privateOnly ? 'page' : undefined}
            size="sm"
          >
            Private Bots
          </Button>
        </Group>
        <Button
          component={Link}
          to={BOT_CREATE_PATH}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create Bot
        </Button>
      </Group>
      <BotsTable
        rowsName="Bots"
        query={query}
        onQueryChange={setQuery}
        data={bots.data}
        loading={bots.isPending}
        fetching={bots.isPlaceholderData}
        error={bots.error}
        onRetry={() => void bots.refetch()}
      />
    </Stack>
  );
}

/** /bot and /bot/list: the publisher's bots with search, status and trigger filters, paged. */
export function BotsPage() {
  return <BotList privateOnly={false} />;
}

/** /bot/private-bot: the same list, private bots only. */
export function PrivateBotsPage() {
  return <BotList privateOnly />;
}
