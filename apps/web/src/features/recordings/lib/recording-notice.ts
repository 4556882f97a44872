import { CONSENT_NOTICE_AUDIO_PATH } from '@fieldbot/shared';

/**
 * The recorded consent notice, made ready while the user's click still counts as a gesture (some
 * browsers refuse to play audio started later), and played once the microphone records, so the
 * notice is part of the recording too.
 */
export interface RecordingNotice {
  /** Resolves when the whole notice has been played; rejects when it cannot be played. */
  play(): Promise<void>;
  stop(): void;
}

export function prepareRecordingNotice(): RecordingNotice {
  const audio = new Audio(CONSENT_NOTICE_AUDIO_PATH);
  audio.preload = 'auto';
  return {
    play: () =>
      new Promise<void>((resolve, reject) => {
        audio.addEventListener('ended', () => resolve(), { once: true });
        audio.addEventListener('error', () => reject(new Error('notice failed')), { once: true });
        // Older engines return nothing from play().
        Promise.resolve(audio.play()).catch(reject);
      }),
    stop: () => audio.pause(),
  };
}
