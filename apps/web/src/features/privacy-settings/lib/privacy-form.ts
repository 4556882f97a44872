import {
  retentionDaysSchema,
  updatePrivacySettingsRequestSchema,
  type ConsentMethod,
  type PrivacySettings,
  type UpdatePrivacySettingsRequest,
} from '@fieldbot/shared';
import { z } from 'zod';

/** NumberInput gives '' when empty: here that means "keep forever". */
export type PrivacyFormValues = {
  consent_method: ConsentMethod;
  audio_retention_days: number | string;
  transcript_retention_days: number | string;
  redact_emails: boolean;
  redact_phones: boolean;
  bleep_audio: boolean;
  vocabulary: string[];
};

export const PRIVACY_FORM_FIELDS = [
  'consent_method',
  'audio_retention_days',
  'transcript_retention_days',
  'redact_emails',
  'redact_phones',
  'bleep_audio',
  'vocabulary',
] as const satisfies readonly (keyof PrivacyFormValues)[];

const emptyIsForever = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The request schema, reading an empty days field as null: one set of rules for page and server. */
export const privacyFormSchema = updatePrivacySettingsRequestSchema.extend({
  audio_retention_days: z.preprocess(emptyIsForever, retentionDaysSchema),
  transcript_retention_days: z.preprocess(emptyIsForever, retentionDaysSchema),
});

export function toFormValues(settings: PrivacySettings): PrivacyFormValues {
  return {
    ...settings,
    audio_retention_days: settings.audio_retention_days ?? '',
    transcript_retention_days: settings.transcript_retention_days ?? '',
  };
}

export function toRequest(values: PrivacyFormValues): UpdatePrivacySettingsRequest {
  const days = (value: number | string) => (value === '' ? null : Number(value));
  return {
    ...values,
    audio_retention_days: days(values.audio_retention_days),
    transcript_retention_days: days(values.transcript_retention_days),
  };
}
