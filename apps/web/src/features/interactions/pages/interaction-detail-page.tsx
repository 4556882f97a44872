import {
  INTERACTION_TYPES,
  MESSAGES,
  activeSegmentIndex,
  detailNeedsPolling,
  interactionRunBotBlock,
  parseStartTime,
  secondsAtOffset,
  type InteractionDetail,
  type InteractionType,
  type ResponseTag,
  customerPath,
  CUSTOMERS_PATH,
} from '@fieldbot/shared';
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconLink } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { AudioPlayer, type AudioPlayerHandle } from '@/components/audio-player';
import { TableError } from '@/components/data-table';
import { NotFoundState } from '@/components/feedback/not-found-state';
import { usePageHeader } from '@/components/layout/page-header';
import {
  BotResultSection,
  selectedBotResult,
  useAwaitingAutomaticRun,
  useBotResult,
  useMissedMarking,
  type BotResultTarget,
} from '@/components/bot-result';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useInteraction } from '../api/get-interaction';
import { InteractionDetails } from '../components/interaction-details';
import { InteractionSkeleton } from '../components/interaction-skeleton';
import { PlayerKeysHint } from '../components/player-keys-hint';
import { RetentionNotice } from '../components/retention-notice';
import { TranscriptBox } from '../components/transcript-box';
import { revealHighlight, type TranscriptHighlight } from '../components/transcript-segments';
import { momentLink } from '../lib/moment-link';

export const INTERACTION_PAGE_HEADER = { title: 'Interaction Detail', enableReturn: true };
export const INTERACTION_NOT_FOUND = 'Interaction not found';
export const LINK_COPIED = 'Link copied to the clipboard.';
/** When the browser refuses the clipboard, the link is shown to copy by hand. */
export const copyLinkByHand = (link: string) => `Copy this link: ${link}`;

function isInteractionType(value: string | undefined): value is InteractionType {
  return (INTERACTION_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * customers/{customerId}/interaction/{interactionId}/{interactionType}, interaction/… and
 * users/interaction/… (spec §2 "Interaction detail").
 */
export function InteractionDetailPage() {
  usePageHeader(INTERACTION_PAGE_HEADER);
  const { interactionId = '', interactionType, customerId } = useParams();
  if (!isInteractionType(interactionType) || !isRecordId(interactionId)) {
    return <NotFound customerId={customerId} />;
  }
  return (
    <InteractionDetailView
      key={`${interactionId}/${interactionType}`}
      interactionId={interactionId}
      interactionType={interactionType}
    />
  );
}

/** Back to the customer the link came from when the URL names one, else to Customers. */
function NotFound({ customerId }: { customerId?: string }) {
  const back = customerId && isRecordId(customerId) ? customerPath(customerId) : null;
  return (
    <NotFoundState
      title={INTERACTION_NOT_FOUND}
      description="The interaction does not exist or is not one you can open."
      to={back ?? CUSTOMERS_PATH}
      linkLabel={back ? 'Go to the customer' : 'Go to Customers'}
    />
  );
}

function InteractionDetailView({
  interactionId,
  interactionType,
}: {
  interactionId: string;
  interactionType: InteractionType;
}) {
  const { customerId } = useParams();
  const query = useInteraction(interactionId, interactionType);
  // A query's answer re-renders in one uninterruptible task; deferred, the page renders in slices
  // that let the browser paint and answer input in between (ADR 013).
  const detail = useDeferredValue(query.data);
  if (query.isError) {
    if (isNotFoundError(query.error)) return <NotFound customerId={customerId} />;
    return <TableError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!detail) return <InteractionSkeleton />;
  return <InteractionView detail={detail} />;
}

function InteractionView({ detail }: { detail: InteractionDetail }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [startAt] = useState(() => parseStartTime(searchParams.get('t')));
  const player = useRef<AudioPlayerHandle>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const segments = detail.transcript_segments;

  const onTimeUpdate = (seconds: number) => setActiveIndex(activeSegmentIndex(segments, seconds));

  const seek = (seconds: number) => player.current?.seekTo(seconds);

  // A link to another moment of this same interaction (a notification, a search hit) changes only
  // `?t=`: the page stays mounted, so the player moves there instead of reading startAt again.
  const t = searchParams.get('t');
  const shownT = useRef(t);
  useEffect(() => {
    if (t === shownT.current) return;
    shownT.current = t;
    const seconds = parseStartTime(t);
    if (seconds > 0) player.current?.seekTo(seconds);
  }, [t]);

  const botTarget = useMemo<BotResultTarget>(
    () => ({
      kind: 'interaction',
      id: detail.id,
      type: detail.type,
      callType: detail.call_type,
    }),
    [detail.id, detail.type, detail.call_type],
  );
  // A recording-complete or call-complete bot runs by itself once the interaction completes.
  const awaitingAutomaticRun = useAwaitingAutomaticRun(detailNeedsPolling(detail));
  const botResult = useBotResult(botTarget, { awaitingAutomaticRun });
  const [botTab, setBotTab] = useState<string | null>(null);
  const shownBot = selectedBotResult(botResult.data, botTab);
  // The transcript highlights the spans of the bot whose tab is open, in that bot's colour.
  const highlight = useMemo<TranscriptHighlight | null>(
    () =>
      shownBot?.status === 'success' && shownBot.gpt_response
        ? {
            tags: shownBot.gpt_response.response_tags,
            color: shownBot.bot_color,
            botName: shownBot.bot_name,
            missed: shownBot.missed_marks ?? [],
          }
        : null,
    [shownBot],
  );
  // Reviewers select words of the transcript the open bot missed (needs the segments' offsets).
  const marking = useMissedMarking(botTarget, segments.length > 0 ? shownBot : null);

  const jumpToTag = (tag: ResponseTag) => {
    const seconds = secondsAtOffset(segments, tag.index_start);
    if (seconds !== null) seek(seconds);
    revealHighlight(tag.index_start);
  };

  const copyMomentLink = async () => {
    const here = `${window.location.origin}${location.pathname}${location.search}`;
    const link = momentLink(here, player.current?.getCurrentTime() ?? 0);
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(LINK_COPIED);
    } catch {
      notifyError(copyLinkByHand(link));
    }
  };

  const merging = detail.audio_merge_status === 'in-progress';
  const mergeFailed = detail.audio_merge_status === 'error';
  const playable = Boolean(detail.audio_url) && !merging && !mergeFailed;

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        <Anchor component={Link} to={customerPath(detail.customer.id)} inherit>
          {detail.customer.name}
        </Anchor>
      </Title>

      <Stack gap="xs" component="section" aria-label="Recording">
        {detail.audio_deleted_at ? (
          <RetentionNotice kind="audio" deletedAt={detail.audio_deleted_at} />
        ) : mergeFailed ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {detail.audio_merge_error_message || MESSAGES.somethingWentWrong}
          </Alert>
        ) : (
          <AudioPlayer
            ref={player}
            interactionId={detail.interaction_id}
            src={merging ? null : detail.audio_url}
            peaks={detail.audio_peaks}
            duration={detail.duration}
            startAt={startAt}
            forceLoading={merging}
            onTimeUpdate={onTimeUpdate}
          />
        )}
        {playable ? (
          <Group justify="space-between">
            <PlayerKeysHint />
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => void copyMomentLink()}
            >
              Copy link at this moment
            </Button>
          </Group>
        ) : null}
      </Stack>

      <InteractionDetails detail={detail} />
      <TranscriptBox
        detail={detail}
        activeIndex={activeIndex}
        onSeek={seek}
        highlight={highlight}
        marking={marking}
      />
      <BotResultSection
        target={botTarget}
        runBotBlock={interactionRunBotBlock(detail)}
        selectedResultId={shownBot?.id ?? null}
        onSelectResult={setBotTab}
        onJumpToTag={segments.length > 0 ? jumpToTag : undefined}
        marksInTranscript={marking !== null}
      />
    </Stack>
  );
}
