import { useEffect, useEffectEvent, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';

export type PlayerStatus = 'loading' | 'ready' | 'error';

export interface WaveSurferColors {
  wave: string;
  progress: string;
  cursor: string;
}

interface UseWaveSurferOptions {
  container: HTMLElement | null;
  src: string;
  /** Precomputed peaks (0..1) from the server; without them a flat line is drawn. */
  peaks: readonly number[] | null | undefined;
  /** Seconds, from the server; without it the player waits for the audio's metadata. */
  duration: number | null | undefined;
  colors: WaveSurferColors;
  onReady: (instance: WaveSurfer, duration: number) => void;
  onTimeUpdate: (seconds: number) => void;
  onPlay: (instance: WaveSurfer) => void;
  onPause: (instance: WaveSurfer) => void;
  onFinish: () => void;
}

/** Never decode in the browser: a flat line beats downloading a one-hour file to draw it. */
const FLAT_PEAKS = [0];

/**
 * One wavesurfer.js instance on an HTMLAudioElement (preload metadata). The waveform comes from the
 * server's precomputed peaks and the duration from the API, so wavesurfer never fetches the file:
 * the audio element streams it with Range requests as it plays or seeks.
 */
export function useWaveSurfer({
  container,
  src,
  peaks,
  duration,
  colors,
  ...handlers
}: UseWaveSurferOptions) {
  const instanceRef = useRef<WaveSurfer | null>(null);
  const [status, setStatus] = useState<PlayerStatus>('loading');

  const onReady = useEffectEvent(handlers.onReady);
  const onTimeUpdate = useEffectEvent(handlers.onTimeUpdate);
  const onPlay = useEffectEvent(handlers.onPlay);
  const onPause = useEffectEvent(handlers.onPause);
  const onFinish = useEffectEvent(handlers.onFinish);

  useEffect(() => {
    if (!container) return;
    const media = new Audio();
    media.preload = 'metadata';
    let ws: WaveSurfer | null = null;
    let unsubscribe: (() => void)[] = [];
    // Built in a task of its own, after the page has painted: the waveform's canvases are not what
    // a visitor reads first, and building them in the render's task delayed the page's paint.
    const timer = setTimeout(() => {
      const created = WaveSurfer.create({
        container,
        media,
        url: src,
        peaks: [peaks?.length ? [...peaks] : FLAT_PEAKS],
        duration: duration && duration > 0 ? duration : undefined,
        height: 64,
        barWidth: 2,
        barGap: 1,
        barRadius: 2,
        dragToSeek: true,
        waveColor: colors.wave,
        progressColor: colors.progress,
        cursorColor: colors.cursor,
      });
      unsubscribe = [
        created.on('ready', (seconds) => {
          setStatus('ready');
          onReady(created, seconds);
        }),
        created.on('error', () => setStatus('error')),
        created.on('timeupdate', (seconds) => onTimeUpdate(seconds)),
        created.on('play', () => onPlay(created)),
        created.on('pause', () => onPause(created)),
        created.on('finish', () => onFinish()),
      ];
      ws = created;
      instanceRef.current = created;
    }, 0);
    return () => {
      clearTimeout(timer);
      unsubscribe.forEach((off) => off());
      ws?.destroy();
      // wavesurfer leaves a media element it was given alone: stop it and drop its connection.
      media.pause();
      media.removeAttribute('src');
      media.load();
      instanceRef.current = null;
    };
    // Colours are applied below without rebuilding the player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, src, peaks, duration]);

  useEffect(() => {
    instanceRef.current?.setOptions({
      waveColor: colors.wave,
      progressColor: colors.progress,
      cursorColor: colors.cursor,
    });
  }, [colors.wave, colors.progress, colors.cursor]);

  /** The live instance, for event handlers (null before mount and after unmount). */
  return { instanceRef, status };
}
