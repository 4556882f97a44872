import { CONSENT_MESSAGES, CONSENT_NOTICE_VERSION, RECORDING_CHUNK_MS } from '@fieldbot/shared';
import { useEffect, useRef, useState } from 'react';
import { uploadRecordingChunk } from '../api/upload-recording-chunk';
import { ChunkUploadQueue, type ChunkQueueState } from './chunk-queue';
import { completeRecording, completeRecordingError } from './complete-recording';
import {
  deletePendingRecording,
  releasePendingRecording,
  saveChunk,
  savePendingRecording,
  holdPendingRecording,
  type PendingRecording,
} from './pending-recordings';
import { canRecord, preferredMimeType, recorderFormat } from './recorder-format';
import { prepareRecordingNotice, type RecordingNotice } from './recording-notice';

/** The recorded consent notice of this recording, when the company's method plays one. */
export type NoticeState = 'none' | 'playing' | 'played';

/** The consent the user gave before starting, and whether the notice plays at the start. */
export interface StartConsent {
  customerAgreed: boolean;
  playNotice: boolean;
}

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'saving' | 'failed' | 'unavailable';

export const RECORDER_MESSAGES = {
  unsupported: 'Recording is not supported in this browser.',
  micDenied: 'Microphone access was denied. Allow the microphone for this site to record.',
  noMic: 'No microphone was found.',
  micFailed: 'The microphone could not be started.',
  savedOnDevice:
    'Your recording is saved on this device. Retry when your connection is back; it stays here until the upload has finished, even if you close this page.',
  /** Where the browser keeps nothing (private mode, a full disk): the window holds the audio. */
  keepWindowOpen:
    'Your recording is kept in this window. Retry when your connection is back, and keep this window open until the upload has finished.',
} as const;

export const EMPTY_QUEUE: ChunkQueueState = {
  total: 0,
  uploaded: 0,
  retrying: false,
  failed: false,
};

function microphoneError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return RECORDER_MESSAGES.micDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return RECORDER_MESSAGES.noMic;
  return RECORDER_MESSAGES.micFailed;
}

interface Session {
  recording: PendingRecording;
  recorder: MediaRecorder;
  stream: MediaStream;
  queue: ChunkUploadQueue;
  stopped: Promise<void>;
  notice: RecordingNotice | null;
}

function releaseStream(stream: MediaStream) {
  stream.getTracks().forEach((track) => track.stop());
}

/**
 * A visit recorded in the browser: MediaRecorder with a RECORDING_CHUNK_MS timeslice, every chunk
 * kept on the device and uploaded as soon as it exists (ChunkUploadQueue), then POST
 * /api/company/recordings with the chunks' file_urls in order.
 */
export function useVisitRecorder({
  customerId,
  userId,
  onSaved,
  onKept,
}: {
  customerId: string;
  userId: string;
  onSaved: (interactionId: string) => void;
  /** The dialog closed with the recording still on the device, to be finished later. */
  onKept?: () => void;
}) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [queueState, setQueueState] = useState<ChunkQueueState>(EMPTY_QUEUE);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [notice, setNotice] = useState<NoticeState>('none');
  const session = useRef<Session | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopTicker = () => {
    if (ticker.current) clearInterval(ticker.current);
    ticker.current = null;
  };

  /** Microphone off, queue stopped; what is on the device stays there. */
  const release = (current: Session) => {
    current.notice?.stop();
    current.queue.cancel();
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    releaseStream(current.stream);
    releasePendingRecording(current.recording.id);
  };

  const start = async ({ customerAgreed, playNotice }: StartConsent) => {
    setError(null);
    setElapsed(0);
    setQueueState(EMPTY_QUEUE);
    setNotice('none');
    if (!canRecord()) {
      setError(RECORDER_MESSAGES.unsupported);
      setPhase('unavailable');
      return;
    }
    // Made ready within the click that started the recording (see prepareRecordingNotice).
    const noticeAudio = playNotice ? prepareRecordingNotice() : null;
    setPhase('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (cause) {
      setError(microphoneError(cause));
      setPhase('unavailable');
      return;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = preferredMimeType();
      recorder = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      releaseStream(media);
      setError(RECORDER_MESSAGES.unsupported);
      setPhase('unavailable');
      return;
    }
    const format = recorderFormat(recorder.mimeType || preferredMimeType());
    const recording: PendingRecording = {
      id: crypto.randomUUID(),
      userId,
      customerId,
      jobId: null,
      startedAt: new Date().toISOString(),
      format,
      consent: customerAgreed ? { customer_agreed: true } : {},
    };
    holdPendingRecording(recording.id);
    void savePendingRecording(recording);
    const queue = new ChunkUploadQueue({
      upload: (position, blob) => uploadRecordingChunk(position, blob, format),
      onChange: setQueueState,
      onUploaded: (position, fileUrl) =>
        void saveChunk(recording.id, position, { blob: null, fileUrl }),
    });
    const stopped = new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve(), { once: true });
    });
    let position = 0;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      position += 1;
      // Kept on the device first, even after the page has gone: nothing recorded is lost.
      void saveChunk(recording.id, position, { blob: event.data, fileUrl: null });
      queue.add(event.data);
    });
    const current: Session = {
      recording,
      recorder,
      stream: media,
      queue,
      stopped,
      notice: noticeAudio,
    };
    session.current = current;
    recorder.start(RECORDING_CHUNK_MS);
    setStream(media);
    setPhase('recording');
    if (noticeAudio) {
      setNotice('playing');
      noticeAudio.play().then(
        () => {
          if (session.current !== current) return;
          current.recording = {
            ...current.recording,
            consent: {
              ...current.recording.consent,
              notice_played: true,
              notice_version: CONSENT_NOTICE_VERSION,
            },
          };
          void savePendingRecording(current.recording);
          setNotice('played');
        },
        () => {
          // Without the notice the company's consent is not taken: nothing is kept.
          if (session.current !== current) return;
          close(false);
          setError(CONSENT_MESSAGES.noticeFailed);
          setPhase('unavailable');
        },
      );
    }
    const startedAt = Date.parse(recording.startedAt);
    ticker.current = setInterval(
      () => setElapsed(Math.floor((Date.now() - startedAt) / 1000)),
      250,
    );
  };

  /** Sends the missing chunks, then creates the interaction; again after a failure = Retry. */
  const save = async (jobId: string | null) => {
    const current = session.current;
    if (!current) return;
    setError(null);
    setPhase('saving');
    current.recording = { ...current.recording, jobId };
    void savePendingRecording(current.recording);
    try {
      const { data } = await completeRecording(current.queue, current.recording);
      if (session.current !== current) return;
      session.current = null;
      releasePendingRecording(current.recording.id);
      setPhase('idle');
      onSaved(data.id);
    } catch (cause) {
      // Cancelled meanwhile: nothing to report.
      if (session.current !== current) return;
      setError(completeRecordingError(cause));
      setPhase('failed');
    }
  };

  const stopAndSave = async (jobId: string | null) => {
    const current = session.current;
    if (!current) return;
    stopTicker();
    setPhase('saving');
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    // The last chunk arrives (dataavailable) before 'stop'.
    await current.stopped;
    releaseStream(current.stream);
    setStream(null);
    await save(jobId);
  };

  const close = (keep: boolean) => {
    stopTicker();
    const current = session.current;
    session.current = null;
    if (current) {
      release(current);
      if (!keep) void deletePendingRecording(current.recording.id);
    }
    setStream(null);
    setError(null);
    setPhase('idle');
    if (current && keep) onKept?.();
  };

  useEffect(
    () => () => {
      // Leaving the page mid-recording: let go of the microphone; the audio stays on the device.
      if (ticker.current) clearInterval(ticker.current);
      if (session.current) release(session.current);
    },
    [],
  );

  return {
    phase,
    error,
    elapsed,
    /** Stop & Save waits while the notice plays: the customer hears all of it. */
    notice,
    queue: queueState,
    stream,
    start,
    stopAndSave,
    retry: save,
    /** Skips the backoff wait of a failing upload while recording. */
    retryUploadsNow: () => session.current?.queue.retryNow(),
    /** Discards the recording, also from the device (chunks already uploaded stay unattached). */
    cancel: () => close(false),
    /** Closes the dialog, keeping the unsaved recording on the device. */
    keep: () => close(true),
  };
}
