import { z } from 'zod';
import { recordingConsentInputSchema } from '../consent/consent.schema';
import { MESSAGES } from '../validation/messages';
import { INTERACTION_STATUSES, INTERACTION_TYPES } from './interaction.schema';

/** Audio types a recording upload accepts (spec: mp3, m4a, wav, webm, ogg). */
export const RECORDING_EXTENSIONS = ['mp3', 'm4a', 'wav', 'webm', 'ogg'] as const;
/** Largest audio file the web app uploads, in MB of 1,000,000 bytes; the server's UPLOAD_MAX_MB (500 by default) is the hard limit. */
export const RECORDING_UPLOAD_MAX_MB = 500;
/** Browser recording: one chunk every few seconds, uploaded while recording goes on. */
export const RECORDING_CHUNK_MS = 5000;
/** A 24-hour visit in 5 s chunks stays below this. */
export const RECORDING_MAX_CHUNKS = 20_000;

export const createRecordingBodySchema = z
  .object(
    {
      customer_id: z.uuid({ error: MESSAGES.invalidValue }).optional(),
      job_id: z.uuid({ error: MESSAGES.invalidValue }).optional(),
      /** file_url values from POST /api/data/pre-signed-url (folder recordings), in recording order. */
      file_urls: z
        .array(z.string().max(2048, MESSAGES.invalidValue), { error: MESSAGES.required })
        .min(1, MESSAGES.required)
        .max(RECORDING_MAX_CHUNKS, MESSAGES.invalidValue),
      started_at: z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }),
      /** Required as the company's consent method says (checked by the server, not here). */
      consent: recordingConsentInputSchema.optional(),
    },
    { error: MESSAGES.invalidValue },
  )
  .refine((b) => Boolean(b.customer_id) !== Boolean(b.job_id), {
    message: MESSAGES.required,
    path: ['customer_id'],
  });
export type CreateRecordingBody = z.infer<typeof createRecordingBodySchema>;

export const createRecordingResponseSchema = z.object({
  data: z.object({
    id: z.uuid(),
    interaction_id: z.string(),
    type: z.enum(INTERACTION_TYPES),
    status: z.enum(INTERACTION_STATUSES),
  }),
});

/**
 * GET /api/company/customer/{id}/open-jobs: the jobs a recording started from a customer page can be
 * linked to (not completed; a field technician sees only their own), newest first. With several, the
 * recorder asks which one; with one it is used; with none the recording has no job.
 */
export const openJobSchema = z.object({
  id: z.uuid(),
  job_number: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type OpenJob = z.infer<typeof openJobSchema>;
export const openJobsResponseSchema = z.object({ data: z.array(openJobSchema) });
export type OpenJobsResponse = z.infer<typeof openJobsResponseSchema>;

export const callDownloadBodySchema = z.object(
  {
    call_ids: z
      .array(z.uuid({ error: MESSAGES.invalidValue }), { error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(100, MESSAGES.invalidValue),
    company_id: z.uuid({ error: MESSAGES.invalidValue }),
  },
  { error: MESSAGES.invalidValue },
);
export type CallDownloadBody = z.infer<typeof callDownloadBodySchema>;

export const INTERACTION_MESSAGES = {
  callDownloadStarted: 'Call download started.',
  noTranscriptionService: 'No transcription service configured',
  recordingSaved: 'Recording saved.',
  linkDisabledInProgress: 'Wait for the recording to get complete.',
  downloadFailed: 'The Recording download failed, please redownload to access the interaction',
  downloading: 'The CSR call recording is currently downloading, Please wait for it to finish',
  processing: 'CSR Call is still being processed, Please wait for its completion',
  noTranscript: 'No Transcript Found',
  noAudio: 'No Audio Available',
  audioLoading: 'Audio Loading',
} as const;

/** Analytics events of spec §7, tracked by the audio player. */
export const PLAYBACK_EVENTS = {
  started: 'Recording Playback Started',
  paused: 'Recording Playback Paused',
  speedChanged: 'Playback Speed Changed',
} as const;
