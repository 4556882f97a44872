import { describe, expect, it } from 'vitest';
import { toValidationError } from '../http/errors';
import { PRIVACY_SETTINGS_MESSAGES as M, VOCABULARY_MAX_TERMS } from './privacy-settings-constants';
import { normalizeVocabulary, updatePrivacySettingsRequestSchema } from './privacy-settings.schema';

const valid = {
  consent_method: 'both',
  audio_retention_days: 30,
  transcript_retention_days: null,
  redact_emails: true,
  redact_phones: false,
  bleep_audio: true,
  vocabulary: ['PRV', 'recirc pump'],
} as const;

const errorsOf = (body: unknown) => {
  const parsed = updatePrivacySettingsRequestSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return toValidationError(parsed.error!.issues).errors;
};

describe('updatePrivacySettingsRequestSchema', () => {
  it('accepts a full set, null meaning keep forever', () => {
    expect(updatePrivacySettingsRequestSchema.parse(valid)).toEqual(valid);
  });

  it.each([0, -1, 3651, 1.5, '30'])('refuses %s days with the range message', (days) => {
    expect(errorsOf({ ...valid, audio_retention_days: days })).toEqual({
      audio_retention_days: [M.retentionDays],
    });
    expect(errorsOf({ ...valid, transcript_retention_days: days })).toEqual({
      transcript_retention_days: [M.retentionDays],
    });
  });

  it('accepts the bounds', () => {
    const body = { ...valid, audio_retention_days: 1, transcript_retention_days: 3650 };
    expect(updatePrivacySettingsRequestSchema.parse(body)).toMatchObject(body);
  });

  it('refuses an unknown consent method', () => {
    expect(errorsOf({ ...valid, consent_method: 'never' })).toEqual({
      consent_method: [M.consentMethodInvalid],
    });
  });

  it('trims the vocabulary, drops blanks and keeps the first spelling of a repeated word', () => {
    const out = updatePrivacySettingsRequestSchema.parse({
      ...valid,
      vocabulary: ['  PRV ', 'prv', '', 'Carrier   Infinity', 'carrier infinity', 'Navien'],
    });
    expect(out.vocabulary).toEqual(['PRV', 'Carrier Infinity', 'Navien']);
  });

  it('puts vocabulary problems on the field itself', () => {
    const many = Array.from({ length: VOCABULARY_MAX_TERMS + 1 }, (_, i) => `term ${i}`);
    expect(errorsOf({ ...valid, vocabulary: many })).toEqual({
      vocabulary: [M.vocabularyTooMany],
    });
    // Repeats do not count against the limit.
    const repeated = [...many.slice(0, VOCABULARY_MAX_TERMS), 'TERM 0'];
    expect(
      updatePrivacySettingsRequestSchema.parse({ ...valid, vocabulary: repeated }).vocabulary,
    ).toHaveLength(VOCABULARY_MAX_TERMS);
    const long = 'x'.repeat(61);
    expect(errorsOf({ ...valid, vocabulary: ['ok', long] })).toEqual({
      vocabulary: [M.vocabularyTermTooLong(long)],
    });
    expect(errorsOf({ ...valid, vocabulary: ['two\nlines'] })).toEqual({
      vocabulary: [M.vocabularyTermInvalid],
    });
  });

  it('needs every field', () => {
    const { bleep_audio: _, ...rest } = valid;
    expect(Object.keys(errorsOf(rest))).toEqual(['bleep_audio']);
  });
});

describe('normalizeVocabulary', () => {
  it('is idempotent', () => {
    const once = normalizeVocabulary([' a ', 'A', 'b  c']);
    expect(normalizeVocabulary(once)).toEqual(once);
  });
});
