import {
  MESSAGES,
  publisherFormSchema,
  type PublisherForm,
  type PublisherInfo,
  type PublisherUpdate,
} from '@fieldbot/shared';
import type { FormErrors } from '@mantine/form';

/** The form's values: text inputs as strings, the markup as the number input gives it. */
export interface PublisherValues {
  name: string;
  logo: string | null;
  description: string;
  website: string;
  support_email: string;
  /** '' while empty (a new publisher then gets the standard markup). */
  default_markup_percent: number | string;
}

export type PublisherField = keyof PublisherValues;

/** Fields whose server (422) messages show under an input of the form. */
export const PUBLISHER_FIELDS: readonly PublisherField[] = [
  'name',
  'logo',
  'description',
  'website',
  'support_email',
  'default_markup_percent',
];

export function publisherInitialValues(info: PublisherInfo | null): PublisherValues {
  return {
    name: info?.name ?? '',
    logo: info?.logo ?? null,
    description: info?.description ?? '',
    website: info?.website ?? '',
    support_email: info?.support_email ?? '',
    default_markup_percent: info?.default_markup_percent ?? '',
  };
}

const isEmpty = (value: number | string) => typeof value === 'string' && value.trim() === '';

/** The request body for the values, before validation (an empty website is sent as null). */
function toPublisherBody(values: PublisherValues): Record<keyof PublisherForm, unknown> {
  return {
    name: values.name.trim(),
    logo: values.logo,
    description: values.description.trim(),
    website: values.website.trim() || null,
    support_email: values.support_email.trim(),
    default_markup_percent: isEmpty(values.default_markup_percent)
      ? undefined
      : Number(values.default_markup_percent),
  };
}

/**
 * The form's rules, through the shared schema the server applies too; the first message of each
 * field is shown. An existing publisher always has a markup, so clearing it is 'Required'.
 */
export function validatePublisherForm(values: PublisherValues, editing: boolean): FormErrors {
  const errors: FormErrors = {};
  const result = publisherFormSchema.safeParse(toPublisherBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in errors)) errors[field] = issue.message;
    }
  }
  if (editing && isEmpty(values.default_markup_percent)) {
    errors.default_markup_percent = MESSAGES.required;
  }
  return errors;
}

/** The validated create body. */
export function publisherCreateBody(values: PublisherValues): PublisherForm {
  return publisherFormSchema.parse(toPublisherBody(values));
}

/** Only the fields that differ from `baseline` are sent to /api/publisher/update. */
export function publisherChanges(
  values: PublisherValues,
  baseline: PublisherValues,
): PublisherUpdate {
  const next = toPublisherBody(values);
  const before = toPublisherBody(baseline);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof PublisherForm)[]) {
    if (next[key] !== before[key]) changes[key] = next[key];
  }
  return changes as PublisherUpdate;
}
