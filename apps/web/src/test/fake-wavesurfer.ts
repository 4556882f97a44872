import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { WaveSurferOptions } from 'wavesurfer.js';

type Listener = (...args: never[]) => void;

/**
 * Stands in for wavesurfer.js in component tests (jsdom has no canvas or media playback):
 *   vi.mock('wavesurfer.js', async () => ({ default: (await import('@/test/fake-wavesurfer')).FakeWaveSurfer }));
 * and `setUpFakeWaveSurfer()` for the per-test set-up. Tests drive it like the real one would:
 * ready(), fail(), progress(seconds).
 */
export class FakeWaveSurfer {
  static instances: FakeWaveSurfer[] = [];

  static create(options: WaveSurferOptions): FakeWaveSurfer {
    const instance = new FakeWaveSurfer(options);
    FakeWaveSurfer.instances.push(instance);
    return instance;
  }

  /** The instance the component made last. */
  static last(): FakeWaveSurfer {
    const instance = FakeWaveSurfer.instances.at(-1);
    if (!instance) throw new Error('no wavesurfer instance was created');
    return instance;
  }

  static reset(): void {
    FakeWaveSurfer.instances = [];
  }

  readonly options: WaveSurferOptions;
  private readonly listeners = new Map<string, Set<Listener>>();
  time = 0;
  playing = false;
  rate = 1;
  destroyed = false;
  readonly seeks: number[] = [];

  constructor(options: WaveSurferOptions) {
    this.options = { ...options };
  }

  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...a: unknown[]) => void)(...args);
    }
  }

  getDuration(): number {
    return this.options.duration ?? 0;
  }

  getCurrentTime(): number {
    return this.time;
  }

  setTime(seconds: number): void {
    this.time = seconds;
    this.seeks.push(seconds);
    this.emit('timeupdate', seconds);
  }

  play(): Promise<void> {
    this.playing = true;
    this.emit('play');
    return Promise.resolve();
  }

  pause(): void {
    this.playing = false;
    this.emit('pause');
  }

  playPause(): Promise<void> {
    if (this.playing) {
      this.pause();
      return Promise.resolve();
    }
    return this.play();
  }

  isPlaying(): boolean {
    return this.playing;
  }

  setPlaybackRate(rate: number): void {
    this.rate = rate;
  }

  getPlaybackRate(): number {
    return this.rate;
  }

  setOptions(options: Partial<WaveSurferOptions>): void {
    Object.assign(this.options, options);
  }

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
  }

  // Test controls

  ready(): void {
    this.emit('ready', this.getDuration());
  }

  fail(): void {
    this.emit('error', new Error('Media error'));
  }

  /** Playback reached `seconds`. */
  progress(seconds: number): void {
    this.time = seconds;
    this.emit('timeupdate', seconds);
  }
}

/**
 * The per-test set-up of a file that mocks wavesurfer.js: no instances left from the last test, and
 * jsdom's media methods stubbed (it implements no playback; the player only pauses and unloads its
 * element) until the test's components are unmounted.
 */
export function setUpFakeWaveSurfer(): void {
  beforeEach(() => {
    FakeWaveSurfer.reset();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  afterEach(() => {
    // Unmount while jsdom's media methods are still stubbed.
    cleanup();
    vi.restoreAllMocks();
  });
}

/** Waits for the player's wavesurfer, makes it ready and waits for the Play button; returns it. */
/** The instance the player builds once the page has painted (it is not built in the render's task). */
export async function createdWaveSurfer(): Promise<FakeWaveSurfer> {
  await waitFor(() => expect(FakeWaveSurfer.instances.length).toBeGreaterThan(0));
  return FakeWaveSurfer.last();
}

export async function readyWaveSurfer(): Promise<FakeWaveSurfer> {
  const ws = await createdWaveSurfer();
  act(() => ws.ready());
  await screen.findByRole('button', { name: 'Play' });
  return ws;
}
