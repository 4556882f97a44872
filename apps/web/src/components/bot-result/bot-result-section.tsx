import { BOT_TEXTS, MESSAGES, type ResponseTag } from '@fieldbot/shared';
import {
  Alert,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DisabledReason } from '@/components/disabled-reason';
import { TableError } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import { useCurrentUser } from '@/lib/session';
import type { BotResultTab, BotResultView } from './api/bot-result-view';
import type { BotResultTarget } from './api/bot-result-target';
import { useBotResult } from './api/get-bot-result';
import { useMarkBotFeedback } from './api/mark-bot-feedback';
import { useRemoveMissedMark } from './api/remove-missed-mark';
import { botMantineColor } from './bot-colors';
import { BotIcon } from './bot-icon';
import { BotResultPanel, FetchingBots } from './bot-result-panel';
import { canReviewBotResults } from './can-review';
import { RunBotsDialog } from './run-bots-dialog';

export interface BotResultSectionProps {
  target: BotResultTarget;
  /** Why Run Bot is disabled (customerRunBotBlock / interactionRunBotBlock); null enables it. */
  runBotBlock: string | null;
  /** The bot tab shown; the interaction page holds it to highlight that bot's spans. */
  selectedResultId?: string | null;
  onSelectResult?: (resultId: string) => void;
  /** A response tag was clicked: the interaction page plays it; without it quotes are plain text. */
  onJumpToTag?: (tag: ResponseTag) => void;
  /** The page's transcript lets reviewers mark the open result's missed words (interaction page). */
  marksInTranscript?: boolean;
}

/** The tab shown: the chosen one while it exists, else the first bot's. */
export function selectedBotResult(
  view: BotResultView | null | undefined,
  resultId: string | null | undefined,
): BotResultTab | null {
  const results = view?.results ?? [];
  return results.find((r) => r.id === resultId) ?? results[0] ?? null;
}

/** Spec §2/§4: the collapsible Bot Result section of a customer or an interaction. */
export function BotResultSection({
  target,
  runBotBlock,
  selectedResultId,
  onSelectResult,
  onJumpToTag,
  marksInTranscript,
}: BotResultSectionProps) {
  const [expanded, { toggle }] = useDisclosure(true);
  const [dialogOpened, dialog] = useDisclosure(false);
  const contentId = useId();

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          <UnstyledButton
            onClick={toggle}
            aria-expanded={expanded}
            aria-controls={contentId}
            fz="inherit"
            fw="inherit"
          >
            <Group gap="xs" wrap="nowrap">
              <IconChevronDown
                size={18}
                aria-hidden
                style={{
                  transform: expanded ? undefined : 'rotate(-90deg)',
                  transition: 'transform 150ms',
                }}
              />
              Bot Result
            </Group>
          </UnstyledButton>
        </Title>
        <DisabledReason reason={runBotBlock}>
          <Button size="sm" onClick={dialog.open}>
            Run Bot
          </Button>
        </DisabledReason>
      </Group>
      <Collapse expanded={expanded} id={contentId}>
        <Box pt="md">
          <BotResultContent
            target={target}
            selectedResultId={selectedResultId}
            onSelectResult={onSelectResult}
            onJumpToTag={onJumpToTag}
            marksInTranscript={marksInTranscript}
          />
        </Box>
      </Collapse>
      <RunBotsDialog opened={dialogOpened} onClose={dialog.close} target={target} />
    </Paper>
  );
}

function BotResultContent({
  target,
  selectedResultId,
  onSelectResult,
  onJumpToTag,
  marksInTranscript = false,
}: Omit<BotResultSectionProps, 'runBotBlock'>) {
  const query = useBotResult(target);
  const user = useCurrentUser();
  const feedback = useMarkBotFeedback(target);
  const removeMissed = useRemoveMissedMark(target);
  const reviewer = canReviewBotResults(user);
  // Uncontrolled when the page does not hold the tab.
  const [ownSelection, setOwnSelection] = useState<string | null>(null);

  if (query.isPending) return <ResultSkeleton />;
  if (query.isError) return <TableError error={query.error} onRetry={() => void query.refetch()} />;

  const view = query.data;
  if (!view) return <NoResult />;

  const running = view.status === 'running';
  const failed = view.status === 'failed';
  const selected = selectedBotResult(view, onSelectResult ? selectedResultId : ownSelection);
  const select = (id: string) => (onSelectResult ? onSelectResult(id) : setOwnSelection(id));

  return (
    <Stack gap="md">
      <Group component="dl" gap="xl" m={0} wrap="wrap">
        <Meta label="Run By" value={view.run_by} />
        <Meta label="Run At" value={formatTimestamp(view.run_at) || '-'} />
      </Group>
      {failed ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {view.bot_result_error_message || view.errorMessage || MESSAGES.somethingWentWrong}
        </Alert>
      ) : null}
      {running && view.results.length === 0 ? <FetchingBots /> : null}
      {!running && !failed && view.results.length === 0 ? <NoResult /> : null}
      {selected ? (
        <Tabs value={selected.id} onChange={(id) => id && select(id)} keepMounted={false}>
          <Tabs.List
            aria-label="Bots"
            style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
          >
            {view.results.map((result) => (
              <Tabs.Tab
                key={result.id}
                value={result.id}
                color={botMantineColor(result.bot_color)}
                leftSection={<BotIcon icon={result.bot_icon} />}
                style={{ flexShrink: 0 }}
              >
                {result.bot_name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {view.results.map((result) => (
            <Tabs.Panel key={result.id} value={result.id} pt="md">
              <BotResultPanel
                result={result}
                onJumpToTag={onJumpToTag}
                onMark={
                  reviewer
                    ? (resultId, tagPosition, verdict) =>
                        feedback.mutate({ resultId, tagPosition, verdict })
                    : undefined
                }
                onRemoveMissed={
                  reviewer
                    ? (resultId, mark) => removeMissed.mutate({ resultId, markId: mark.id })
                    : undefined
                }
                marksInTranscript={marksInTranscript && reviewer && result.id === selected.id}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : null}
    </Stack>
  );
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} mt={4} fw={500}>
        {value}
      </Text>
    </Box>
  );
}

function NoResult() {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {BOT_TEXTS.noResult}
    </Text>
  );
}

function ResultSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading bot results">
      <Skeleton height={16} width="40%" />
      <Skeleton height={32} />
      <Skeleton height={72} />
    </Stack>
  );
}
