import { z } from 'zod';
import { CONSENT_METHODS } from '../consent/consent-rules';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../retention/retention-constants';
import {
  PRIVACY_SETTINGS_MESSAGES as M,
  VOCABULARY_MAX_TERMS,
  VOCABULARY_TERM_MAX_LENGTH,
} from './privacy-settings-constants';

/** A company's privacy settings as the settings page reads and writes them. */
export const privacySettingsSchema = z.object({
  consent_method: z.enum(CONSENT_METHODS),
  /** null: kept forever (the default). */
  audio_retention_days: z.number().int().nullable(),
  /** Transcripts and bot results; null: kept forever. Independent of the audio's. */
  transcript_retention_days: z.number().int().nullable(),
  /** Cards, SSNs and bank numbers are always masked; these two only when asked. */
  redact_emails: z.boolean(),
  redact_phones: z.boolean(),
  /** Replace the masked parts of the audio with a tone too. */
  bleep_audio: z.boolean(),
  vocabulary: z.array(z.string()),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const privacySettingsResponseSchema = z.object({
  message: z.string().optional(),
  data: privacySettingsSchema,
});

/** Whole days within the shared bounds, or null for "keep forever". */
export const retentionDaysSchema = z
  .number({ error: M.retentionDays })
  .int({ error: M.retentionDays })
  .min(RETENTION_DAYS_MIN, { error: M.retentionDays })
  .max(RETENTION_DAYS_MAX, { error: M.retentionDays })
  .nullable();

// Line breaks would end the prompt line a term is sent in; control characters are never words.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Trimmed, blanks dropped, and the first spelling of a word kept when it is listed twice in any
 * case ("PRV", "prv"): the engine would only read it twice.
 */
export function normalizeVocabulary(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLocaleLowerCase('en-US');
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/** Every problem is reported on the field itself (`vocabulary`), where the form shows it. */
export const vocabularySchema = z
  .array(z.string({ error: M.vocabularyTermInvalid }), { error: M.vocabularyTermInvalid })
  .max(VOCABULARY_MAX_TERMS * 4, { error: M.vocabularyTooMany })
  .superRefine((terms, ctx) => {
    if (terms.some((t) => CONTROL.test(t))) {
      ctx.addIssue({ code: 'custom', message: M.vocabularyTermInvalid });
    }
    const list = normalizeVocabulary(terms);
    const long = list.find((t) => t.length > VOCABULARY_TERM_MAX_LENGTH);
    if (long) ctx.addIssue({ code: 'custom', message: M.vocabularyTermTooLong(long) });
    if (list.length > VOCABULARY_MAX_TERMS) {
      ctx.addIssue({ code: 'custom', message: M.vocabularyTooMany });
    }
  })
  .transform(normalizeVocabulary);

/** PUT /api/company/privacy-settings: the whole set, as the page's one form saves it. */
export const updatePrivacySettingsRequestSchema = z.object({
  consent_method: z.enum(CONSENT_METHODS, { error: M.consentMethodInvalid }),
  audio_retention_days: retentionDaysSchema,
  transcript_retention_days: retentionDaysSchema,
  redact_emails: z.boolean(),
  redact_phones: z.boolean(),
  bleep_audio: z.boolean(),
  vocabulary: vocabularySchema,
});
export type UpdatePrivacySettingsRequest = z.input<typeof updatePrivacySettingsRequestSchema>;
export type PrivacySettingsUpdate = z.output<typeof updatePrivacySettingsRequestSchema>;
