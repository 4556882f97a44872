import {
  BOT_TEXTS,
  MESSAGES,
  type FeedbackVerdict,
  type MissedMark,
  type ResponseTag,
} from '@fieldbot/shared';
import { Alert, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import type { BotResultTab } from './api/bot-result-view';
import { botMantineColor } from './bot-colors';
import { MissedMarkList } from './missed-mark-list';
import { ResponseTagList } from './response-tag-list';

export interface BotResultPanelProps {
  result: BotResultTab;
  onJumpToTag?: (tag: ResponseTag) => void;
  onMark?: (resultId: string, position: number, verdict: FeedbackVerdict | null) => void;
  /** Reviewers remove a "Missed" mark; absent for users who only read them. */
  onRemoveMissed?: (resultId: string, mark: MissedMark) => void;
  /** The page's transcript lets reviewers mark this result's missed words. */
  marksInTranscript?: boolean;
}

/** Spec §4 "Bot result": one bot's raw response, output tags and response tags. */
export function BotResultPanel({
  result,
  onJumpToTag,
  onMark,
  onRemoveMissed,
  marksInTranscript = false,
}: BotResultPanelProps) {
  if (result.status === 'running') return <FetchingBots />;
  if (result.status === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {result.error_message || MESSAGES.somethingWentWrong}
      </Alert>
    );
  }
  const responseTags = result.gpt_response?.response_tags ?? [];
  const unmatched = result.gpt_response?.unmatched_quotes ?? 0;
  const missed = result.missed_marks ?? [];
  const color = botMantineColor(result.bot_color);
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        Version {result.version}
      </Text>
      <Part title="Raw response">
        {result.raw_response?.trim() ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {result.raw_response}
          </Text>
        ) : (
          <NoResponse />
        )}
      </Part>
      <Part title="Output tags">
        {result.output_tags?.length ? (
          <Stack component="dl" gap="sm" m={0}>
            {result.output_tags.map((tag) => (
              <Box key={tag.id}>
                <Text component="dt" size="sm" fw={600}>
                  {tag.label}
                </Text>
                <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {tag.data?.trim() ? tag.data : BOT_TEXTS.noResponse}
                </Text>
                {tag.description ? (
                  <Text component="dd" m={0} size="xs" c="dimmed">
                    {tag.description}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Stack>
        ) : (
          <NoResponse />
        )}
      </Part>
      <Part title="Response tags">
        {responseTags.length ? (
          <ResponseTagList
            tags={responseTags}
            color={color}
            onJump={onJumpToTag}
            onMark={
              onMark ? (position, verdict) => onMark(result.id, position, verdict) : undefined
            }
          />
        ) : (
          <NoResponse />
        )}
        {unmatched > 0 ? (
          <Text size="xs" c="dimmed" mt="xs">
            {unmatched === 1
              ? '1 quote was not found in the transcript and was left out.'
              : `${unmatched} quotes were not found in the transcript and were left out.`}
          </Text>
        ) : null}
      </Part>
      {missed.length > 0 || marksInTranscript ? (
        <Part title="Missed by the bot">
          <MissedMarkList
            marks={missed}
            color={color}
            marksInTranscript={marksInTranscript}
            onRemove={onRemoveMissed ? (mark) => onRemoveMissed(result.id, mark) : undefined}
          />
        </Part>
      ) : null}
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" mb={6} id={titleId}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

function NoResponse() {
  return (
    <Text size="sm" c="dimmed">
      {BOT_TEXTS.noResponse}
    </Text>
  );
}

/** Spec §8: shown while bots run and have nothing to show yet. */
export function FetchingBots() {
  return (
    <Group gap="sm" role="status" py="md" wrap="nowrap">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{BOT_TEXTS.fetching}</Text>
    </Group>
  );
}
