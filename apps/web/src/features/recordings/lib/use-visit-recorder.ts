import { RECORDING_CHUNK_MS } from '@fieldbot/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/notify';
import { createRecording } from '../api/create-recording';
import { uploadRecordingChunk } from '../api/upload-recording-chunk';
import { ChunkUploadError, ChunkUploadQueue, type ChunkQueueState } from './chunk-queue';
import { canRecord, preferredMimeType, recorderFormat } from './recorder-format';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'saving' | 'failed' | 'unavailable';

export const RECORDER_MESSAGES = {
  unsupported: 'Recording is not supported in this browser.',
  micDenied: 'Microphone access was denied. Allow the microphone for this site to record.',
  noMic: 'No microphone was found.',
  micFailed: 'The microphone could not be started.',
  chunksFailed:
    'Some of the recording could not be uploaded. Check your connection and try again; nothing recorded is lost while this window stays open.',
} as const;

const EMPTY_QUEUE: ChunkQueueState = { total: 0, uploaded: 0, retrying: false };

function microphoneError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return RECORDER_MESSAGES.micDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return RECORDER_MESSAGES.noMic;
  return RECORDER_MESSAGES.micFailed;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  queue: ChunkUploadQueue;
  startedAt: Date;
  stopped: Promise<void>;
}

function releaseStream(stream: MediaStream) {
  stream.getTracks().forEach((track) => track.stop());
}

/**
 * A visit recorded in the browser: MediaRecorder with a RECORDING_CHUNK_MS timeslice, every chunk
 * uploaded as soon as it exists (ChunkUploadQueue), then POST /api/company/recordings with the
 * chunks' file_urls in order.
 */
export function useVisitRecorder({
  customerId,
  onSaved,
}: {
  customerId: string;
  onSaved: (interactionId: string) => void;
}) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [queueState, setQueueState] = useState<ChunkQueueState>(EMPTY_QUEUE);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const session = useRef<Session | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopTicker = () => {
    if (ticker.current) clearInterval(ticker.current);
    ticker.current = null;
  };

  const start = async () => {
    setError(null);
    setElapsed(0);
    setQueueState(EMPTY_QUEUE);
    if (!canRecord()) {
      setError(RECORDER_MESSAGES.unsupported);
      setPhase('unavailable');
      return;
    }
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
    const queue = new ChunkUploadQueue({
      upload: (position, blob) => uploadRecordingChunk(position, blob, format),
      onChange: setQueueState,
    });
    const stopped = new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve(), { once: true });
    });
    recorder.addEventListener('dataavailable', (event) => queue.add(event.data));
    const startedAt = new Date();
    session.current = { recorder, stream: media, queue, startedAt, stopped };
    recorder.start(RECORDING_CHUNK_MS);
    setStream(media);
    setPhase('recording');
    ticker.current = setInterval(
      () => setElapsed(Math.floor((Date.now() - startedAt.getTime()) / 1000)),
      250,
    );
  };

  /** Sends the missing chunks, then creates the interaction; again after a failure = Retry. */
  const save = async () => {
    const current = session.current;
    if (!current) return;
    setError(null);
    setPhase('saving');
    try {
      const fileUrls = await current.queue.finish();
      const { data } = await createRecording({
        customer_id: customerId,
        file_urls: fileUrls,
        started_at: current.startedAt.toISOString(),
      });
      if (session.current !== current) return;
      session.current = null;
      setPhase('idle');
      onSaved(data.id);
    } catch (cause) {
      // Cancelled meanwhile: nothing to report.
      if (session.current !== current) return;
      setError(
        cause instanceof ChunkUploadError ? RECORDER_MESSAGES.chunksFailed : errorMessage(cause),
      );
      setPhase('failed');
    }
  };

  const stopAndSave = async () => {
    const current = session.current;
    if (!current) return;
    stopTicker();
    setPhase('saving');
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    // The last chunk arrives (dataavailable) before 'stop'.
    await current.stopped;
    releaseStream(current.stream);
    setStream(null);
    await save();
  };

  /** Discards the recording (chunks already uploaded stay unattached on the server). */
  const cancel = () => {
    stopTicker();
    const current = session.current;
    session.current = null;
    if (current) {
      current.queue.cancel();
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      releaseStream(current.stream);
    }
    setStream(null);
    setError(null);
    setPhase('idle');
  };

  useEffect(
    () => () => {
      // Leaving the page mid-recording: let go of the microphone.
      if (ticker.current) clearInterval(ticker.current);
      const current = session.current;
      if (!current) return;
      current.queue.cancel();
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      releaseStream(current.stream);
    },
    [],
  );

  return {
    phase,
    error,
    elapsed,
    queue: queueState,
    stream,
    start,
    stopAndSave,
    retry: save,
    cancel,
  };
}
