import type { TranscriptEngine } from '@fieldbot/shared';

/** One timed piece of a transcript, in seconds from the start of the audio sent. */
export interface TranscribedSegment {
  startSeconds: number;
  endSeconds: number;
  /** 'Speaker 1', 'Speaker 2'… (see the adapter for how labels are chosen). */
  speaker: string;
  text: string;
}

export interface Transcription {
  text: string;
  segments: TranscribedSegment[];
}

export interface TranscribeInput {
  /** Path of the audio file on local disk. */
  file: string;
  fileName: string;
  contentType: string;
  signal?: AbortSignal;
  /**
   * The CPU niceness a local engine runs at: 0 for what a person waits for, more for background
   * work (a synced call), which then yields the cores to a technician's recording and to the web
   * server (see nicenessOf in jobs/queue-policy.ts). A remote service ignores it.
   */
  niceness?: number;
  /**
   * The company's own words (trade terms, brands, model names), most important first, to help the
   * engine spell them: whisper gets them as its prompt, pocketsphinx learns those its model lacks.
   * Empty or absent: the engine runs exactly as without.
   */
  vocabulary?: readonly string[];
}

/** Speech-to-text behind an interface: an OpenAI-compatible adapter, offline pocketsphinx, or none. */
export interface SpeechToText {
  /** Stored with each transcript, so rough offline drafts can be labelled as such. */
  kind: TranscriptEngine | 'none';
  /**
   * The engine and the settings that shape its transcripts (never a secret): equal audio sent to an
   * equal `settings` gets an equal transcript, so the transcript cache may reuse it.
   */
  settings: string;
  transcribe(input: TranscribeInput): Promise<Transcription>;
}

/**
 * A failed transcription. The message is a sentence shown on the interaction page when the last
 * attempt fails; `retryable` says whether trying again can help (timeouts, 429, 5xx, garbled answers)
 * or not (no service configured, a refused key, audio the service rejects).
 */
export class TranscriptionError extends Error {
  override name = 'TranscriptionError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
