import {
  INTERACTION_MESSAGES,
  MESSAGES,
  joinSegments,
  type InteractionDetail,
} from '@fieldbot/shared';
import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { MissedMarkBar, type MissedMarking } from '@/components/bot-result';
import { RetentionNotice } from './retention-notice';
import { TranscriptSegments, type TranscriptHighlight } from './transcript-segments';

export const TRANSCRIPT_GENERATING = 'Generating the transcript, this might take a few minutes.';
/** Offline pocketsphinx transcripts are rough: readers should not take them word for word. */
export const DRAFT_TRANSCRIPT_LABEL = 'Draft transcript (offline, low accuracy)';

export interface TranscriptBoxProps {
  detail: InteractionDetail;
  activeIndex: number;
  onSeek: (seconds: number) => void;
  /** The selected bot's response tags, highlighted in the segments. */
  highlight?: TranscriptHighlight | null;
  /** A reviewer may select words of the segments and mark them as missed by the selected bot. */
  marking?: MissedMarking | null;
}

/** Spec §2 transcript box: Download (a .txt), or the generating / error / 'No Transcript Found' states. */
export function TranscriptBox({
  detail,
  activeIndex,
  onSeek,
  highlight,
  marking,
}: TranscriptBoxProps) {
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const segments = detail.transcript_segments;
  const transcript = useMemo(() => joinSegments(segments), [segments]);
  const showsSegments = segments.length > 0 && !isGenerating(detail) && !hasError(detail);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="transcript-title">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="transcript-title">
            Transcript
          </Title>
          {detail.transcript_engine === 'pocketsphinx' &&
          detail.transcript_status === 'completed' ? (
            <Badge variant="light" color="gray" tt="none">
              {DRAFT_TRANSCRIPT_LABEL}
            </Badge>
          ) : null}
        </Group>
        {detail.transcript_url ? (
          <Button
            component="a"
            href={detail.transcript_url}
            download={`${detail.interaction_id}.txt`}
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download
          </Button>
        ) : null}
      </Group>
      {highlight && detail.transcript_segments.length > 0 ? (
        <Text size="xs" c="dimmed" mb="xs">
          Highlighted: the quotes of {highlight.botName}. Select one to play it.
        </Text>
      ) : null}
      {marking && showsSegments ? (
        // Keyed by the result: another bot's tab starts without the previous selection.
        <MissedMarkBar
          key={marking.resultId}
          marking={marking}
          root={content}
          transcript={transcript}
        />
      ) : null}
      <Box ref={setContent}>
        <TranscriptContent
          detail={detail}
          activeIndex={activeIndex}
          onSeek={onSeek}
          highlight={highlight}
        />
      </Box>
    </Paper>
  );
}

// The transcript waits for the merged audio, so a running merge is part of "generating".
const isGenerating = (detail: InteractionDetail) =>
  detail.transcript_status === 'in-progress' || detail.audio_merge_status === 'in-progress';
const hasError = (detail: InteractionDetail) => detail.transcript_status === 'error';

function TranscriptContent({ detail, activeIndex, onSeek, highlight }: TranscriptBoxProps) {
  if (detail.transcript_deleted_at) {
    return <RetentionNotice kind="transcript" deletedAt={detail.transcript_deleted_at} />;
  }
  if (isGenerating(detail)) {
    return (
      <Group gap="sm" role="status" py="md">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{TRANSCRIPT_GENERATING}</Text>
      </Group>
    );
  }
  if (hasError(detail)) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {detail.transcript_error_message || MESSAGES.somethingWentWrong}
      </Alert>
    );
  }
  if (detail.transcript_segments.length > 0) {
    return (
      <TranscriptSegments
        segments={detail.transcript_segments}
        activeIndex={activeIndex}
        onSeek={onSeek}
        highlight={highlight}
      />
    );
  }
  if (detail.transcript?.trim()) {
    return (
      <Stack mah={360} style={{ overflowY: 'auto' }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {detail.transcript}
        </Text>
      </Stack>
    );
  }
  return (
    <Text c="dimmed" ta="center" py="lg">
      {INTERACTION_MESSAGES.noTranscript}
    </Text>
  );
}
