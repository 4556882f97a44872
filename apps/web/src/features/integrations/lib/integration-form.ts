import {
  MASKED_SECRET,
  allIntegrationValuesEmpty,
  type IntegrationDetail,
  type IntegrationField,
} from '@fieldbot/shared';
import dayjs from 'dayjs';

export type IntegrationValues = Record<string, string>;

/** The user's local date as YYYY-MM-DD: the date fields' upper bound (spec §5). */
export function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** One value per required field: the saved one (secrets already masked) or ''. */
export function initialValuesOf(detail: IntegrationDetail): IntegrationValues {
  const values: IntegrationValues = {};
  for (const field of detail.required_fields)
    values[field.name] = detail.values?.[field.name] ?? '';
  return values;
}

/** Spec §4: with no saved values the dialog opens in edit mode. */
export function hasSavedValues(detail: IntegrationDetail): boolean {
  return detail.values !== null && !allIntegrationValuesEmpty(detail.values);
}

/**
 * A change to a password field that still shows the saved secret's mask: the mask's dots are not
 * part of what the user means, so typing starts a new secret and deleting clears it.
 */
export function nextSecretValue(previous: string, typed: string): string {
  return previous === MASKED_SECRET ? typed.replaceAll(MASKED_SECRET[0]!, '') : typed;
}

export function fieldLabel(field: IntegrationField): string {
  if (field.label) return field.label;
  return field.name
    .split('_')
    .map((word) => (word === 'id' ? 'ID' : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}
