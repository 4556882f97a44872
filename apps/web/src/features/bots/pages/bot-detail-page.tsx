import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { notifySuccess } from '@/lib/notify';
import { useArchiveBot } from '../api/archive-bot';
import { useBot } from '../api/get-bot';
import { BotCompaniesTable } from '../components/bot-companies-table';
import { BotRatingsSection } from '../components/bot-ratings-section';
import { BotHeaderCard } from '../components/bot-header-card';
import { BotNotFound } from '../components/bot-not-found';
import { BotPageSkeleton } from '../components/bot-page-skeleton';
import { BotVersionsTable } from '../components/bot-versions-table';
import { DeprecateVersionDialog } from '../components/deprecate-version-dialog';
import { TagAccuracySection } from '../components/tag-accuracy-section';
import { WorstMissesSection } from '../components/worst-misses-section';

export const BOT_ARCHIVED = 'Bot archived.';

/**
 * /bot/detail/:id: the bot, its versions with accuracy (older ones can be deprecated) and each
 * version's precision and recall per tag, the sentences behind its worst misses, the companies
 * using each version, and the companies' ratings with the publisher's replies.
 */
export function BotDetailPage() {
  usePageHeader({ title: 'Bot Detail', enableReturn: true });
  const { id } = useParams();
  if (!isRecordId(id)) return <BotNotFound />;
  return <BotDetailView key={id} id={id} />;
}

function BotDetailView({ id }: { id: string }) {
  const bot = useBot(id);
  const archive = useArchiveBot(id);
  const [confirming, setConfirming] = useState(false);
  const [deprecating, setDeprecating] = useState<number | null>(null);

  if (bot.isPending) return <BotPageSkeleton />;
  if (bot.isError) {
    if (isNotFoundError(bot.error)) return <BotNotFound />;
    return <TableError error={bot.error} onRetry={() => void bot.refetch()} />;
  }
  const detail = bot.data;
  const newestVersion = Math.max(0, ...detail.versions.map((v) => v.number));

  return (
    <Stack gap="md">
      <BotHeaderCard bot={detail} onArchive={() => setConfirming(true)} />
      <Stack gap="xs" component="section" aria-labelledby="bot-versions-title">
        <Title order={2} size="h4" id="bot-versions-title">
          Versions
        </Title>
        <BotVersionsTable versions={detail.versions} onDeprecate={setDeprecating} />
      </Stack>
      <TagAccuracySection versions={detail.versions} />
      <WorstMissesSection misses={detail.worst_misses} />
      <Stack gap="xs" component="section" aria-labelledby="bot-companies-title">
        <Title order={2} size="h4" id="bot-companies-title">
          Companies using this bot
        </Title>
        <BotCompaniesTable companies={detail.companies} latestVersion={detail.latest_version} />
      </Stack>
      {detail.latest_version !== null ? <BotRatingsSection botId={detail.id} /> : null}
      <DeprecateVersionDialog
        botId={detail.id}
        version={deprecating}
        newestVersion={newestVersion}
        onClose={() => setDeprecating(null)}
      />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Archive ${detail.name}?`}
        centered
      >
        <Text size="sm">
          Companies already using it keep their version; no other company can add it, and it stops
          appearing in the marketplace.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={archive.isPending}
            onClick={() =>
              archive.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  notifySuccess(BOT_ARCHIVED);
                },
              })
            }
          >
            Archive
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
