import { MESSAGES } from '../validation/messages';
import { INTEGRATION_MESSAGES, MASKED_SECRET } from './integration-constants';
import type { IntegrationField } from './integration.schema';

/** Spec §5: tenant_id digits only. */
const DIGITS = /^\d+$/;
const WHITESPACE = /\s/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Field name → message, for the fields that fail spec §5 "Integration fields". */
export type IntegrationFieldErrors = Record<string, string>;

/** True when every value is empty: the dialog then skips saving (spec §5). */
export function allIntegrationValuesEmpty(values: Record<string, string | undefined>): boolean {
  return Object.values(values).every((v) => v === undefined || v.trim() === '');
}

/**
 * One field against spec §5: required, tenant_id digits only, no whitespace elsewhere, a date
 * (YYYY-MM-DD) not after `today` (the user's local date, YYYY-MM-DD). Returns the message or null.
 */
export function integrationFieldError(
  field: IntegrationField,
  value: string | undefined,
  today: string,
): string | null {
  const v = value ?? '';
  if (v === '') return field.required ? MESSAGES.required : null;
  if (field.type === 'password' && v === MASKED_SECRET) return null;
  if (field.name === 'tenant_id' || field.type === 'number') {
    return DIGITS.test(v) ? null : INTEGRATION_MESSAGES.numericOnly;
  }
  if (WHITESPACE.test(v)) return INTEGRATION_MESSAGES.noWhitespace;
  if (field.type === 'date') {
    if (!ISO_DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
      return MESSAGES.invalidValue;
    if (v > today) return INTEGRATION_MESSAGES.dateNotAfterToday;
  }
  return null;
}

/** Every field's error; unknown value names are ignored (the server stores only declared fields). */
export function validateIntegrationValues(
  fields: IntegrationField[],
  values: Record<string, string | undefined>,
  today: string,
): IntegrationFieldErrors {
  const errors: IntegrationFieldErrors = {};
  for (const field of fields) {
    const message = integrationFieldError(field, values[field.name], today);
    if (message) errors[field.name] = message;
  }
  return errors;
}
