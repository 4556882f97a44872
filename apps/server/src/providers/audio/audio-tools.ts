/** The audio work of the interaction pipeline, done by a well-kept tool (ffmpeg) in child processes. */
export interface AudioTools {
  /**
   * Joins recording chunks, in order, into one MP3 at `output` (mono, 64 kb/s constant bit rate, so
   * a byte offset maps to a time and HTTP Range seeking works).
   *
   * Chunks from MediaRecorder's timeslice are pieces of ONE stream (only the first has the container
   * header), so they are byte-concatenated before decoding. Chunks that are whole files of their own
   * (a mobile app saving a file every few minutes) are each decoded, then joined.
   */
  mergeToMp3(chunks: readonly string[], output: string, options: RunOptions): Promise<void>;
  /** Length of the audio in seconds, from the container (ffprobe). */
  durationSeconds(file: string, options?: RunOptions): Promise<number>;
  /**
   * Waveform peaks: the file decoded to mono PCM, cut into `count` equal buckets, each the largest
   * absolute sample of its bucket in 0..1 with 2 decimals.
   */
  peaks(
    file: string,
    count: number,
    durationSeconds: number,
    options?: RunOptions,
  ): Promise<number[]>;
  /** Cuts an MP3 into pieces of at most `seconds` without re-encoding. */
  splitMp3(file: string, seconds: number, options: RunOptions): Promise<AudioPiece[]>;
  /**
   * Writes `input` to `output` (an MP3 as mergeToMp3 makes) with each time range silenced and a
   * 1 kHz tone in its place, the rest as it was (re-encoded at the same settings).
   */
  bleep(
    input: string,
    output: string,
    ranges: readonly { start: number; end: number }[],
    options?: RunOptions,
  ): Promise<void>;
}

export interface RunOptions {
  /** A scratch folder owned by the caller (removed by the caller). */
  workDir?: string;
  /** Stops the child process (job timeout, shutdown). */
  signal?: AbortSignal;
  /** The child process's CPU niceness (see nicenessOf in jobs/queue-policy.ts); 0 by default. */
  niceness?: number;
}

export interface AudioPiece {
  file: string;
  startSeconds: number;
}

export const FFMPEG_MISSING_MESSAGE = 'Audio processing is unavailable: ffmpeg is not installed.';

/** ffmpeg or ffprobe cannot be started: no retry helps until an operator installs it. */
export class AudioToolMissingError extends Error {
  override name = 'AudioToolMissingError';
  constructor() {
    super(FFMPEG_MISSING_MESSAGE);
  }
}

/** ffmpeg ran and refused the input (unreadable or empty audio). */
export class AudioDecodeError extends Error {
  override name = 'AudioDecodeError';
  constructor(
    message: string,
    /** The tail of ffmpeg's own error output, for the logs (never shown to users). */
    readonly detail: string,
  ) {
    super(message);
  }
}
