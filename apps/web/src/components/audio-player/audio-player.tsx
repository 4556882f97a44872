import {
  INTERACTION_MESSAGES,
  PLAYBACK_SPEEDS,
  SEEK_STEP_SECONDS,
  formatPlayerTime,
  nextPlaybackSpeed,
  seekBy,
} from '@fieldbot/shared';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRewindBackward5,
  IconRewindForward5,
} from '@tabler/icons-react';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import classes from './audio-player.module.css';
import { NoAudioArtwork } from './no-audio-artwork';
import { PlaceholderWaveform } from './placeholder-waveform';
import { trackPlaybackPaused, trackPlaybackStarted, trackSpeedChanged } from './playback-events';
import { usePlayerShortcuts } from './use-player-shortcuts';
import { useWaveSurfer, type WaveSurferColors } from './use-wavesurfer';

/** What a page can do with the player: the transcript seeks it and reads where it is. */
export interface AudioPlayerHandle {
  /** Jumps to `seconds`, clamped to the recording. */
  seekTo: (seconds: number) => void;
  getCurrentTime: () => number;
}

export interface AudioPlayerProps {
  /** Sent with every analytics event (spec §7). */
  interactionId: string;
  /** The session-checked, Range-capable audio route; null when there is no audio. */
  src: string | null;
  peaks?: readonly number[] | null;
  /** Seconds, from the server. */
  duration?: number | null;
  /** Position to start from (a shared `?t=` link). */
  startAt?: number;
  /** Shows the loading display whatever the source (audio still being merged). */
  forceLoading?: boolean;
  onTimeUpdate?: (seconds: number) => void;
  ref?: Ref<AudioPlayerHandle>;
}

const DEFAULT_SPEED = 1;

/** Spec §2 / §4 audio player: waveform, elapsed / total, play/pause, ±5 s, speed cycle. */
export function AudioPlayer({ src, forceLoading = false, ...props }: AudioPlayerProps) {
  if (forceLoading) return <PlayerFrame>{loadingDisplay(null)}</PlayerFrame>;
  if (!src) return <NoAudio />;
  // A new source is a new player: position, speed and state start afresh.
  return <WaveformPlayer key={src} src={src} {...props} />;
}

function PlayerFrame({ children }: { children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      {children}
    </Paper>
  );
}

function loadingDisplay(total: number | null | undefined) {
  return (
    <Box className={classes.controls} role="status" aria-live="polite">
      <Group gap="xs" wrap="nowrap">
        <Loader size="sm" type="bars" aria-hidden />
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {INTERACTION_MESSAGES.audioLoading}
        </Text>
      </Group>
      <PlaceholderWaveform />
      {total !== undefined ? (
        <Text size="sm" c="dimmed" ff="monospace">
          {formatPlayerTime(0)} / {formatPlayerTime(total)}
        </Text>
      ) : null}
    </Box>
  );
}

function NoAudio() {
  return (
    <PlayerFrame>
      <Stack align="center" gap="xs" py="sm" c="dimmed">
        <NoAudioArtwork data-testid="no-audio-artwork" />
        <Text fw={500}>{INTERACTION_MESSAGES.noAudio}</Text>
      </Stack>
    </PlayerFrame>
  );
}

function useWaveColors(): WaveSurferColors {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  return useMemo(
    () =>
      scheme === 'dark'
        ? {
            wave: theme.colors.dark[2],
            progress: theme.colors.indigo[4],
            cursor: theme.colors.indigo[2],
          }
        : {
            wave: theme.colors.gray[4],
            progress: theme.colors.indigo[6],
            cursor: theme.colors.indigo[8],
          },
    [scheme, theme],
  );
}

function WaveformPlayer({
  interactionId,
  src,
  peaks,
  duration,
  startAt = 0,
  onTimeUpdate,
  ref,
}: Omit<AudioPlayerProps, 'src' | 'forceLoading'> & { src: string }) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  // Whole seconds: wavesurfer reports the time on every animation frame, the display needs one a second.
  const [current, setCurrent] = useState(0);
  const [total, setTotal] = useState<number | null>(duration ?? null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const colors = useWaveColors();

  const moveTo = (ws: WaveSurfer, seconds: number) => {
    ws.setTime(seconds);
    setCurrent(Math.floor(seconds));
    onTimeUpdate?.(seconds);
  };

  const { instanceRef, status } = useWaveSurfer({
    container,
    src,
    peaks,
    duration,
    colors,
    onReady: (ws, seconds) => {
      const length = seconds > 0 ? seconds : (duration ?? 0);
      setTotal(length > 0 ? length : null);
      ws.setPlaybackRate(DEFAULT_SPEED);
      if (startAt > 0) moveTo(ws, length > 0 ? Math.min(startAt, length) : startAt);
    },
    onTimeUpdate: (seconds) => {
      setCurrent(Math.floor(seconds));
      onTimeUpdate?.(seconds);
    },
    onPlay: (ws) => {
      setPlaying(true);
      trackPlaybackStarted(interactionId, ws.getCurrentTime());
    },
    onPause: (ws) => {
      setPlaying(false);
      trackPlaybackPaused(interactionId, ws.getCurrentTime());
    },
    onFinish: () => setPlaying(false),
  });

  const ready = status === 'ready';
  const length = () => total ?? instanceRef.current?.getDuration() ?? 0;

  const togglePlay = () => {
    const ws = instanceRef.current;
    if (!ws || !ready) return;
    // A refused play() (autoplay policy) just leaves the player paused; a broken file arrives as
    // the 'error' event and shows 'No Audio Available'.
    ws.playPause().catch(() => undefined);
  };

  const skip = (direction: 1 | -1) => {
    const ws = instanceRef.current;
    if (!ws || !ready) return;
    moveTo(ws, seekBy(ws.getCurrentTime(), direction, length()));
  };

  const changeSpeed = () => {
    const ws = instanceRef.current;
    if (!ws || !ready) return;
    const next = nextPlaybackSpeed(speed);
    ws.setPlaybackRate(next);
    setSpeed(next);
    trackSpeedChanged(interactionId, speed, next, ws.getCurrentTime());
  };

  useImperativeHandle(
    ref,
    () => ({
      seekTo: (seconds) => {
        const ws = instanceRef.current;
        if (!ws) return;
        const end = total ?? ws.getDuration();
        moveTo(ws, Math.min(Math.max(seconds, 0), end > 0 ? end : seconds));
      },
      getCurrentTime: () => instanceRef.current?.getCurrentTime() ?? 0,
    }),
    // moveTo only closes over stable setters and onTimeUpdate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [instanceRef, total, onTimeUpdate],
  );

  usePlayerShortcuts(region, ready, { togglePlay, back: () => skip(-1), forward: () => skip(1) });

  if (status === 'error') return <NoAudio />;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      ref={setRegion}
      tabIndex={0}
      role="group"
      aria-label="Audio player"
      aria-keyshortcuts="Space ArrowLeft ArrowRight"
      className={classes.player}
    >
      {ready ? null : loadingDisplay(total)}
      <Box className={classes.controls} display={ready ? undefined : 'none'}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Back ${SEEK_STEP_SECONDS} seconds`}
          onClick={() => skip(-1)}
        >
          <IconRewindBackward5 aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          size="xl"
          radius="xl"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={togglePlay}
        >
          {playing ? <IconPlayerPauseFilled aria-hidden /> : <IconPlayerPlayFilled aria-hidden />}
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Forward ${SEEK_STEP_SECONDS} seconds`}
          onClick={() => skip(1)}
        >
          <IconRewindForward5 aria-hidden />
        </ActionIcon>
        <Text
          size="sm"
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="player-time"
          aria-label="Elapsed and total time"
        >
          <span data-testid="player-elapsed">{formatPlayerTime(current)}</span> /{' '}
          <span data-testid="player-total">{formatPlayerTime(total)}</span>
        </Text>
        <Box ref={setContainer} className={classes.waveform} data-testid="waveform" />
        <Button
          variant="default"
          size="compact-sm"
          miw={56}
          aria-label={`Playback speed ${speed}x`}
          title={`Playback speed (${PLAYBACK_SPEEDS.join(', ')})`}
          onClick={changeSpeed}
        >
          {speed}x
        </Button>
      </Box>
    </Paper>
  );
}
