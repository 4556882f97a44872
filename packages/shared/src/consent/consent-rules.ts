/**
 * Issue 27 §1: how a company takes the homeowner's consent to a field recording, and what each way
 * asks of the recorder. No zod here: the session's user schema (zod/mini, loaded by the login page)
 * names the methods too.
 */
export const CONSENT_METHODS = ['confirmation', 'notice', 'both'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The company setting's default: the technician confirms the customer agreed. */
export const DEFAULT_CONSENT_METHOD: ConsentMethod = 'confirmation';

/**
 * The recorded notice the app plays when a recording starts. A new recording of the notice gets a
 * new version (and file), so each consent record names the words the customer heard.
 */
export const CONSENT_NOTICE_VERSION = 'notice-2026-12';
/** Every notice version a client may still send (an unsaved recording kept on a device). */
export const CONSENT_NOTICE_VERSIONS = [CONSENT_NOTICE_VERSION] as const;
/** Served by the web app (apps/web/public). */
export const CONSENT_NOTICE_AUDIO_PATH = '/audio/recording-notice-2026-12.mp3';
/** What the notice says, shown while it plays so the technician knows what the customer hears. */
export const CONSENT_NOTICE_TEXT =
  'This visit is being recorded for quality and training. Tell your technician if you do not want to be recorded.';

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  confirmation: 'Technician confirmation',
  notice: 'Recorded notice',
  both: 'Technician confirmation and recorded notice',
};

export const CONSENT_MESSAGES = {
  checkboxLabel: 'The customer agreed to this visit being recorded',
  confirmationRequired: 'Confirm that the customer agreed to be recorded.',
  noticeRequired: 'Play the recording notice to the customer before recording.',
  noticePlaying: 'Playing the recording notice…',
  noticeFailed: 'The recording notice could not be played. Check the device volume and try again.',
  doNotRecord: 'This customer asked not to be recorded.',
  noRecord: 'No consent record (recorded before consent was required)',
} as const;

/**
 * Where a recording comes from: the app's recorder, which can play the notice into the visit, or
 * an audio file recorded elsewhere (Upload Audio), which it cannot.
 */
export const RECORDING_SOURCES = ['recorder', 'upload'] as const;
export type RecordingSource = (typeof RECORDING_SOURCES)[number];

/** What the recorder must do before (and as) a recording starts under `method`. */
export interface ConsentRequirement {
  /** A required check: the technician confirms the customer agreed. */
  confirmation: boolean;
  /** The app plays the recorded notice at the start of the recording. */
  notice: boolean;
}

/**
 * An uploaded file was recorded without the app, so no notice could be played into it: its consent
 * is always the technician's confirmation, whatever the company's method.
 */
export function consentRequirement(
  method: ConsentMethod,
  source: RecordingSource = 'recorder',
): ConsentRequirement {
  if (source === 'upload') return { confirmation: true, notice: false };
  return { confirmation: method !== 'notice', notice: method !== 'confirmation' };
}

/** The method a recording's consent was actually taken by (the record keeps this one). */
export function consentMethodUsed(method: ConsentMethod, source: RecordingSource): ConsentMethod {
  return source === 'upload' ? 'confirmation' : method;
}

/** The consent a client sends with a new recording (see recordingConsentInputSchema). */
export interface ConsentGiven {
  source?: RecordingSource | undefined;
  customer_agreed?: boolean | undefined;
  notice_played?: boolean | undefined;
  notice_version?: string | undefined;
}

/**
 * The first thing missing from `given` for `method`, as a field of the request and its message;
 * null when the consent is complete.
 */
export function missingConsent(
  method: ConsentMethod,
  given: ConsentGiven | undefined,
): { field: string; message: string } | null {
  const required = consentRequirement(method, given?.source);
  if (required.confirmation && given?.customer_agreed !== true) {
    return { field: 'consent.customer_agreed', message: CONSENT_MESSAGES.confirmationRequired };
  }
  if (required.notice && (given?.notice_played !== true || !given.notice_version)) {
    return { field: 'consent.notice_played', message: CONSENT_MESSAGES.noticeRequired };
  }
  return null;
}
