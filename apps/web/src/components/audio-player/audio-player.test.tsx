import { INTERACTION_MESSAGES, PLACEHOLDER_PEAKS, PLAYBACK_EVENTS } from '@fieldbot/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import {
  createdWaveSurfer,
  FakeWaveSurfer,
  readyWaveSurfer,
  setUpFakeWaveSurfer,
} from '@/test/fake-wavesurfer';
import { renderWithProviders } from '@/test/render';
import { AudioPlayer, type AudioPlayerHandle, type AudioPlayerProps } from './audio-player';

vi.mock('wavesurfer.js', async () => ({
  default: (await import('@/test/fake-wavesurfer')).FakeWaveSurfer,
}));

const SRC = '/api/company/interaction/abc/field-recording/audio';
const PEAKS = [0.1, 0.5, 0.9, 0.4];

setUpFakeWaveSurfer();

function renderPlayer(props: Partial<AudioPlayerProps> = {}) {
  return renderWithProviders(
    <AudioPlayer interactionId="R-000123" src={SRC} peaks={PEAKS} duration={65} {...props} />,
  );
}

async function renderReady(props: Partial<AudioPlayerProps> = {}) {
  const view = renderPlayer(props);
  return { ...view, ws: await readyWaveSurfer() };
}

const elapsed = () => screen.getByTestId('player-elapsed');
const total = () => screen.getByTestId('player-total');

describe('AudioPlayer', () => {
  it("shows 'No Audio Available' with its picture when there is no audio address", () => {
    renderPlayer({ src: null });
    expect(screen.getByText(INTERACTION_MESSAGES.noAudio)).toBeInTheDocument();
    expect(screen.getByTestId('no-audio-artwork')).toBeInTheDocument();
    expect(FakeWaveSurfer.instances).toHaveLength(0);
  });

  it("shows 'Audio Loading' and the placeholder waveform while forced to load", () => {
    renderPlayer({ src: null, forceLoading: true });
    expect(screen.getByText(INTERACTION_MESSAGES.audioLoading)).toBeInTheDocument();
    expect(screen.getByTestId('placeholder-waveform').children).toHaveLength(PLACEHOLDER_PEAKS);
    expect(screen.queryByText(INTERACTION_MESSAGES.noAudio)).not.toBeInTheDocument();
  });

  it('draws the server peaks on a metadata-only audio element, loading until ready', async () => {
    renderPlayer();
    expect(screen.getByText(INTERACTION_MESSAGES.audioLoading)).toBeInTheDocument();
    expect(screen.getByTestId('placeholder-waveform').children).toHaveLength(PLACEHOLDER_PEAKS);
    // Not in the render's task: the page paints before the waveform is built.
    expect(FakeWaveSurfer.instances).toHaveLength(0);

    const ws = await createdWaveSurfer();
    expect(ws.options.url).toBe(SRC);
    expect(ws.options.peaks).toEqual([PEAKS]);
    expect(ws.options.duration).toBe(65);
    const media = ws.options.media as HTMLAudioElement;
    expect(media).toBeInstanceOf(HTMLAudioElement);
    expect(media.preload).toBe('metadata');

    act(() => ws.ready());
    expect(await screen.findByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.queryByText(INTERACTION_MESSAGES.audioLoading)).not.toBeInTheDocument();
    expect(elapsed()).toHaveTextContent('00:00');
    expect(total()).toHaveTextContent('01:05');
  });

  it("shows '--:--' for an unknown length and 'No Audio Available' when loading fails", async () => {
    renderPlayer({ duration: null });
    const ws = await createdWaveSurfer();
    expect(ws.options.duration).toBeUndefined();
    act(() => ws.fail());
    expect(await screen.findByText(INTERACTION_MESSAGES.noAudio)).toBeInTheDocument();
    expect(ws.destroyed).toBe(true);
  });

  it('labels every button', async () => {
    await renderReady();
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Back 5 seconds', 'Play', 'Forward 5 seconds', 'Playback speed 1x']);
  });

  it('plays and pauses, tracking both events with their fields', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { ws } = await renderReady();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(ws.playing).toBe(true);
    expect(track).toHaveBeenLastCalledWith(PLAYBACK_EVENTS.started, {
      interaction_id: 'R-000123',
      playback_start_time: 0,
      timeframe: '00:00',
    });

    act(() => ws.progress(12.345));
    expect(elapsed()).toHaveTextContent('00:12');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(ws.playing).toBe(false);
    expect(track).toHaveBeenLastCalledWith(PLAYBACK_EVENTS.paused, {
      interaction_id: 'R-000123',
      pause_time: 12.35,
      timeframe: '00:12',
    });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('skips 5 s back and forward, clamped to the start and the end', async () => {
    const { ws } = await renderReady();
    const user = userEvent.setup();
    act(() => ws.progress(3));
    await user.click(screen.getByRole('button', { name: 'Back 5 seconds' }));
    expect(ws.time).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    expect(ws.time).toBe(5);
    expect(elapsed()).toHaveTextContent('00:05');

    act(() => ws.progress(62));
    await user.click(screen.getByRole('button', { name: 'Forward 5 seconds' }));
    expect(ws.time).toBe(65);
    expect(elapsed()).toHaveTextContent('01:05');
  });

  it('cycles the speed from 1 through 3, wraps to 0.5 and tracks each change', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { ws } = await renderReady();
    const user = userEvent.setup();
    act(() => ws.progress(7));
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await user.click(screen.getByRole('button', { name: /^Playback speed/ }));
      seen.push(ws.rate);
    }
    expect(seen).toEqual([1.2, 1.8, 2, 2.5, 3, 0.5, 0.8, 1]);
    expect(screen.getByRole('button', { name: 'Playback speed 1x' })).toHaveTextContent('1x');
    const changes = track.mock.calls.filter(([event]) => event === PLAYBACK_EVENTS.speedChanged);
    expect(changes).toHaveLength(8);
    expect(changes[0]?.[1]).toEqual({
      interaction_id: 'R-000123',
      previous_speed: 1,
      new_speed: 1.2,
      timeframe: '00:07',
    });
    expect(changes[5]?.[1]).toMatchObject({ previous_speed: 3, new_speed: 0.5 });
  });

  it('answers space and arrows on the page, but not while a field has focus', async () => {
    const { ws } = await renderReady();
    const user = userEvent.setup();

    await user.keyboard(' ');
    expect(ws.playing).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(ws.time).toBe(5);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(ws.time).toBe(0);
    await user.keyboard(' ');
    expect(ws.playing).toBe(false);
    // Shift + arrows select text (caret browsing): not the player's.
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(ws.time).toBe(0);

    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard(' {ArrowRight}');
    expect(ws.playing).toBe(false);
    expect(ws.time).toBe(0);
    field.remove();

    screen.getByRole('group', { name: 'Audio player' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight} ');
    expect(ws.time).toBe(10);
    expect(ws.playing).toBe(true);

    // On one of the player's buttons the arrows still seek; Space presses that button.
    screen.getByRole('button', { name: 'Playback speed 1x' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(ws.time).toBe(5);
    await user.keyboard(' ');
    expect(ws.rate).toBe(1.2);
    expect(ws.playing).toBe(true);
  });

  it('starts at the requested moment and seeks through its handle, clamped', async () => {
    const ref = createRef<AudioPlayerHandle>();
    const onTimeUpdate = vi.fn();
    const { ws } = await renderReady({ startAt: 42, ref, onTimeUpdate });
    expect(ws.seeks).toEqual([42]);
    expect(elapsed()).toHaveTextContent('00:42');

    act(() => ref.current?.seekTo(80));
    expect(ws.time).toBe(65);
    act(() => ref.current?.seekTo(-3));
    expect(ws.time).toBe(0);
    expect(onTimeUpdate).toHaveBeenLastCalledWith(0);
    expect(ref.current?.getCurrentTime()).toBe(0);
  });

  it('builds no player at all when it goes away before the page has painted', async () => {
    const { unmount } = renderPlayer();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeWaveSurfer.instances).toHaveLength(0);
  });

  it('stops and unloads the audio when it goes away', async () => {
    const { ws, unmount } = await renderReady();
    const media = ws.options.media as HTMLAudioElement;
    unmount();
    expect(ws.destroyed).toBe(true);
    expect(media.pause).toHaveBeenCalled();
    expect(media.hasAttribute('src')).toBe(false);
  });
});
