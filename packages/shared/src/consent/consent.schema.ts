import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { CONSENT_NOTICE_VERSIONS, RECORDING_SOURCES } from './consent-rules';

/**
 * The consent sent with POST /api/company/recordings. The server checks it against the company's
 * method at that moment (missingConsent) and keeps it as the recording's consent record; who and
 * when come from the session and the server's clock, never from the client.
 */
export const recordingConsentInputSchema = z.object(
  {
    /** 'upload' for Upload Audio (no notice can be played into it); 'recorder' by default. */
    source: z.enum(RECORDING_SOURCES, { error: MESSAGES.invalidValue }).optional(),
    /** The technician ticked that the customer agreed to be recorded. */
    customer_agreed: z.boolean({ error: MESSAGES.invalidValue }).optional(),
    /** The app played the recorded notice at the start of the recording. */
    notice_played: z.boolean({ error: MESSAGES.invalidValue }).optional(),
    notice_version: z.enum(CONSENT_NOTICE_VERSIONS, { error: MESSAGES.invalidValue }).optional(),
  },
  { error: MESSAGES.invalidValue },
);
export type RecordingConsentInput = z.infer<typeof recordingConsentInputSchema>;
