import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../retention/retention-constants';

/** Settings → Privacy (issue 27): consent, retention, redaction and the transcript vocabulary. */
export const PRIVACY_SETTINGS_API_PATH = '/api/company/privacy-settings';

/**
 * The vocabulary goes to the speech-to-text engine as its prompt or keyword list: whisper reads
 * only the last 224 tokens of a prompt, so a longer list would be cut anyway.
 */
export const VOCABULARY_MAX_TERMS = 100;
export const VOCABULARY_TERM_MAX_LENGTH = 60;

export const PRIVACY_SETTINGS_MESSAGES = {
  saved: 'Privacy settings saved',
  consentMethodInvalid: 'Choose how consent is taken.',
  retentionDays: `Enter a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}, or leave it empty to keep forever.`,
  vocabularyTooMany: `List at most ${VOCABULARY_MAX_TERMS} words.`,
  vocabularyTermTooLong: (term: string) =>
    `"${term.slice(0, 20)}…" is too long: a word or name has at most ${VOCABULARY_TERM_MAX_LENGTH} characters.`,
  vocabularyTermInvalid: 'Words cannot contain line breaks or control characters.',
} as const;

/** The settings page's choices, in the order shown. */
export const CONSENT_METHOD_CHOICES = [
  { value: 'confirmation', label: 'Technician confirms the customer agreed' },
  { value: 'notice', label: 'Play a recorded notice' },
  { value: 'both', label: 'Both' },
] as const;
