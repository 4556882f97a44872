import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { StorageProvider } from '../providers/storage/index.js';
import type { Transcription } from '../providers/transcription/index.js';

const cachedSchema = z.object({
  text: z.string(),
  segments: z.array(
    z.object({
      startSeconds: z.number(),
      endSeconds: z.number(),
      speaker: z.string(),
      text: z.string(),
    }),
  ),
});

export interface TranscriptCacheKey {
  companyId: string;
  /** The audio file sent for transcription (the merged MP3). */
  file: string;
  /** The engine and its settings (SpeechToText.settings). */
  settings: string;
  /** Long audio is sent in pieces of this length, which shapes the transcript too. */
  chunkSeconds: number;
  /** The company vocabulary sent with the audio: a transcript made with other words differs. */
  vocabulary?: readonly string[];
}

/** sha256 of a file's bytes, streamed. */
async function fileSha256(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash, { signal });
  return hash.digest('hex');
}

/**
 * Transcripts by content: audio whose bytes, engine settings and piece length equal those of audio
 * already transcribed gets that transcript again instead of another run of the engine. A call
 * downloaded again (Re Download) or the same recording synced several times is transcribed once.
 * The merge step's MP3 encoding is deterministic, so equal recordings give equal merged bytes.
 * Entries live in storage per company, so no company's entries say anything about another's audio.
 */
export function createTranscriptCache(storage: StorageProvider) {
  const storageKey = async (key: TranscriptCacheKey, signal?: AbortSignal) => {
    const audio = await fileSha256(key.file, signal);
    const hash = createHash('sha256').update(`${key.settings}\n${key.chunkSeconds}\n${audio}`);
    // Without a vocabulary the key is what it was before vocabularies, so old entries still serve.
    if (key.vocabulary && key.vocabulary.length > 0) {
      hash.update(`\nvocabulary ${JSON.stringify(key.vocabulary)}`);
    }
    const id = hash.digest('hex');
    return `transcript-cache/${key.companyId}/${id}.json`;
  };

  return {
    /** Where the transcript of this audio is kept; pass it to `get` and `put`. */
    storageKey,

    /** The cached transcript, or null (none yet, or an entry that can't be read: transcribe again). */
    async get(key: string): Promise<Transcription | null> {
      try {
        const object = await storage.get(key);
        if (!object) return null;
        const parsed = cachedSchema.safeParse(JSON.parse((await buffer(object.body)).toString()));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    async put(key: string, transcription: Transcription): Promise<void> {
      const { text, segments } = transcription;
      await storage.put(key, Buffer.from(JSON.stringify({ text, segments })), 'application/json');
    },
  };
}

export type TranscriptCache = ReturnType<typeof createTranscriptCache>;
