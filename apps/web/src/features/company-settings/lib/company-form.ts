import {
  MESSAGES,
  companyFormSchema,
  type Address,
  type Company,
  type CompanyForm,
  type CompanyUpdate,
  type DataItemRow,
} from '@fieldbot/shared';
import type { FormErrors } from '@mantine/form';

/** The form's values: the body's fields, with empty inputs as '' or null until chosen. */
export interface CompanyValues {
  name: string;
  /** The address input's text; the chosen suggestion's location once one is chosen. */
  street_address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  county: string;
  lat: number | null;
  lng: number | null;
  timezone_id: number | null;
  industry_id: number | null;
  type_id: number | null;
  trade_ids: number[];
  description: string;
  field_team_process: string;
  phone_process: string;
  logo: string | null;
}

export type CompanyField = keyof CompanyValues;

/** Fields whose server (422) messages show under an input of the form. */
export const COMPANY_FIELDS: readonly CompanyField[] = [
  'name',
  'street_address',
  'city',
  'state',
  'zipcode',
  'timezone_id',
  'industry_id',
  'type_id',
  'trade_ids',
  'description',
  'field_team_process',
  'phone_process',
  'logo',
];

export const EMPTY_COMPANY_VALUES: CompanyValues = {
  name: '',
  street_address: '',
  city: '',
  state: '',
  zipcode: '',
  country: '',
  county: '',
  lat: null,
  lng: null,
  timezone_id: null,
  industry_id: null,
  type_id: null,
  trade_ids: [],
  description: '',
  field_team_process: '',
  phone_process: '',
  logo: null,
};

/** The form prefilled from the current user's company (spec §3 Company), or empty for a new one. */
export function companyInitialValues(company: Company | null): CompanyValues {
  if (!company) return EMPTY_COMPANY_VALUES;
  const timezoneId = company.timezones ? Number(company.timezones.id) : null;
  return {
    name: company.name,
    street_address: company.street_address ?? '',
    city: company.city ?? '',
    state: company.state ?? '',
    zipcode: company.zipcode ?? '',
    country: company.country ?? '',
    // The user record carries no county; a newly chosen address sends its own.
    county: '',
    lat: company.latLng?.lat ?? null,
    lng: company.latLng?.lng ?? null,
    timezone_id: Number.isInteger(timezoneId) ? timezoneId : null,
    industry_id: company.industry_id,
    type_id: company.type_id,
    trade_ids: company.trades,
    description: company.description ?? '',
    field_team_process: company.field_team_process ?? '',
    phone_process: company.phone_process ?? '',
    logo: company.logo,
  };
}

const orNull = (text: string) => text.trim() || null;

/** The request body for the values (before validation: empty choices stay undefined). */
export function toCompanyBody(values: CompanyValues): Record<keyof CompanyForm, unknown> {
  return {
    name: values.name.trim(),
    street_address: values.street_address.trim(),
    city: values.city,
    state: values.state,
    zipcode: values.zipcode,
    country: orNull(values.country),
    county: orNull(values.county),
    lat: values.lat,
    lng: values.lng,
    timezone_id: values.timezone_id ?? undefined,
    industry_id: values.industry_id ?? undefined,
    type_id: values.type_id ?? undefined,
    trade_ids: values.trade_ids,
    description: values.description.trim(),
    field_team_process: orNull(values.field_team_process),
    phone_process: orNull(values.phone_process),
    logo: values.logo,
  };
}

/** A location was chosen from the suggestions (spec §5: the address must carry a location). */
export function hasLocation(values: Pick<CompanyValues, 'city' | 'state' | 'zipcode'>): boolean {
  return Boolean(values.city && values.state && values.zipcode);
}

/**
 * Spec §5 "Company form" through the shared schema the server applies too; the address is
 * 'Required' until a suggestion is chosen. The first message of each field is shown.
 */
export function validateCompanyForm(values: CompanyValues): FormErrors {
  const errors: FormErrors = {};
  const result = companyFormSchema.safeParse(toCompanyBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in errors)) errors[field] = issue.message;
    }
  }
  if (!hasLocation(values)) errors.street_address = MESSAGES.required;
  return errors;
}

/** The validated create body. */
export function companyCreateBody(values: CompanyValues): CompanyForm {
  return companyFormSchema.parse(toCompanyBody(values));
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sort = (list: unknown[]) => [...list].map(Number).sort((x, y) => x - y);
    return JSON.stringify(sort(a)) === JSON.stringify(sort(b));
  }
  return a === b;
}

/** Spec §7 company update: only the fields that differ from `baseline` are sent. */
export function companyChanges(values: CompanyValues, baseline: CompanyValues): CompanyUpdate {
  const next = toCompanyBody(values);
  const before = toCompanyBody(baseline);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof CompanyForm)[]) {
    if (!same(next[key], before[key])) changes[key] = next[key];
  }
  return changes as CompanyUpdate;
}

type Timezone = DataItemRow<'timezones'>;

const firstWord = (text: string) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/**
 * The timezones-list id for the look-up's timezone: the same name, else the first entry whose name
 * starts with the same word (spec §5 "matched by the first word of the timezone name").
 */
export function matchTimezoneId(
  name: string | null,
  timezones: readonly Timezone[],
): number | null {
  if (!name) return null;
  const exact = timezones.find((tz) => tz.name === name);
  if (exact) return exact.id;
  const word = firstWord(name);
  return timezones.find((tz) => firstWord(tz.name) === word)?.id ?? null;
}

/** The values a chosen suggestion fills; the timezone only when one matches the list. */
export function addressValues(
  address: Address,
  timezones: readonly Timezone[],
): Partial<CompanyValues> {
  const timezoneId = matchTimezoneId(address.timezone, timezones);
  return {
    street_address: address.location,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    country: address.country,
    county: address.county ?? '',
    lat: address.lat,
    lng: address.lng,
    ...(timezoneId === null ? {} : { timezone_id: timezoneId }),
  };
}

/** Typing in the address forgets the chosen location: it must be chosen again. */
export const CLEARED_LOCATION: Partial<CompanyValues> = {
  city: '',
  state: '',
  zipcode: '',
  country: '',
  county: '',
  lat: null,
  lng: null,
};

/** Spec §5 logo rules (the same as the §8 photo rules). */
export { imageFileError as logoError } from '@/lib/upload';
