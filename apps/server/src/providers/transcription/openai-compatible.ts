import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import type { OpenAiSttConfig } from '../../config.js';
import {
  TranscriptionError,
  type SpeechToText,
  type TranscribedSegment,
} from './speech-to-text.js';
import { whisperPrompt } from './vocabulary.js';

/**
 * The `verbose_json` answer of POST /audio/transcriptions (OpenAI, and the servers that copy its API:
 * faster-whisper-server/speaches, whisper.cpp server, LocalAI, Groq…). Only what we use is read.
 * `speaker` is not part of OpenAI's answer; some diarizing servers add it to each segment.
 */
const verboseJsonSchema = z.object({
  text: z.string(),
  duration: z.number().nonnegative().optional(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        speaker: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .optional(),
});

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/**
 * Labels: verbose_json has no speakers, so every segment is 'Speaker 1'. When the service does name
 * speakers (e.g. 'SPEAKER_00', 'A'), each distinct name becomes 'Speaker N' in order of first
 * appearance, so labels read the same whichever service produced them.
 */
export function labelSpeakers(
  segments: readonly {
    start: number;
    end: number;
    text: string;
    speaker?: string | number | null;
  }[],
): TranscribedSegment[] {
  const labels = new Map<string, string>();
  const out: TranscribedSegment[] = [];
  for (const segment of segments) {
    const text = segment.text.trim();
    if (text === '') continue;
    const raw =
      segment.speaker === undefined || segment.speaker === null ? '' : String(segment.speaker);
    let speaker = 'Speaker 1';
    if (raw !== '') {
      if (!labels.has(raw)) labels.set(raw, `Speaker ${labels.size + 1}`);
      speaker = labels.get(raw)!;
    }
    const startSeconds = Math.max(0, segment.start);
    out.push({ startSeconds, endSeconds: Math.max(startSeconds, segment.end), speaker, text });
  }
  return out;
}

function statusMessage(status: number, detail: string | null): TranscriptionError {
  if (status === 429) {
    return new TranscriptionError(
      'The transcription service is over its rate limit (HTTP 429).',
      true,
    );
  }
  if (status >= 500) {
    return new TranscriptionError(`The transcription service failed (HTTP ${status}).`, true);
  }
  if (status === 401 || status === 403) {
    return new TranscriptionError(
      `The transcription service refused the API key (HTTP ${status}).`,
      false,
    );
  }
  return new TranscriptionError(
    `The transcription service rejected the audio (HTTP ${status}${detail ? `: ${detail}` : ''}).`,
    // Request timeout and conflict can pass; any other 4xx repeats.
    status === 408 || status === 409,
  );
}

/** Speech-to-text through any OpenAI-compatible `/audio/transcriptions` endpoint. */
export function createOpenAiCompatibleTranscription(config: OpenAiSttConfig): SpeechToText {
  const endpoint = `${config.baseUrl}/audio/transcriptions`;
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  const timeoutText = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;

  return {
    kind: 'openai-compatible',
    settings: `openai-compatible ${config.baseUrl} ${config.model}`,
    async transcribe(input) {
      const form = new FormData();
      // openAsBlob reads the file lazily: a long piece is streamed, not loaded into memory.
      form.append(
        'file',
        await openAsBlob(input.file, { type: input.contentType }),
        input.fileName,
      );
      form.append('model', config.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      // Whisper's initial prompt steers spelling towards the company's words; none when empty.
      const prompt = whisperPrompt(input.vocabulary);
      if (prompt !== null) form.append('prompt', prompt);

      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      let status: number;
      let body: string;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
          body: form,
          signal,
        });
        status = response.status;
        // The timeout covers the whole answer, not only its headers.
        body = await response.text();
      } catch {
        if (timeout.aborted) {
          throw new TranscriptionError(
            `The transcription service did not answer within ${timeoutText}.`,
            true,
          );
        }
        if (input.signal?.aborted) {
          throw new TranscriptionError('The transcription was interrupted.', true);
        }
        throw new TranscriptionError('The transcription service could not be reached.', true);
      }

      if (status < 200 || status >= 300) {
        let detail: string | null = null;
        try {
          detail = errorBodySchema.parse(JSON.parse(body)).error.message.slice(0, 200);
        } catch {
          // A non-JSON error page: the status says enough.
        }
        throw statusMessage(status, detail);
      }

      let parsed: z.infer<typeof verboseJsonSchema>;
      try {
        parsed = verboseJsonSchema.parse(JSON.parse(body));
      } catch {
        throw new TranscriptionError(
          'The transcription service sent an answer that is not a valid transcript.',
          true,
        );
      }
      const text = parsed.text.trim();
      const segments = parsed.segments
        ? labelSpeakers(parsed.segments)
        : // Plain `json` answers from servers that ignore verbose_json: one segment for the lot.
          labelSpeakers([{ start: 0, end: parsed.duration ?? 0, text }]);
      return { text, segments };
    },
  };
}
