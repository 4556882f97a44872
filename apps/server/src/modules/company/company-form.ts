import { MESSAGES, type CompanyUpdate } from '@fieldbot/shared';
import type { CompanyRepo, CompanyValues } from './company.repo.js';

type Errors = Record<string, string[]>;

/** The company row's columns for the form fields that were sent (absent fields stay absent). */
export function toCompanyValues(body: CompanyUpdate): CompanyValues {
  const values: CompanyValues = {
    name: body.name,
    streetAddress: body.street_address,
    city: body.city,
    state: body.state,
    zipcode: body.zipcode,
    country: body.country,
    county: body.county,
    lat: body.lat,
    lng: body.lng,
    timezoneId: body.timezone_id,
    industryId: body.industry_id,
    typeId: body.type_id,
    trades: body.trade_ids && [...new Set(body.trade_ids)],
    description: body.description,
    fieldTeamProcess: body.field_team_process,
    phoneProcess: body.phone_process,
    logo: body.logo,
    shareBotExamples: body.share_bot_examples,
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as CompanyValues;
}

/**
 * Field errors for ids that are not in the reference lists, trades outside the (new or kept)
 * industry, and a logo that is not the caller's own finished upload.
 */
export async function companyFormErrors(
  repo: CompanyRepo,
  deps: { isOurFileUrl(url: string): boolean },
  userId: string,
  body: CompanyUpdate,
  current: { industryId: number | null; trades: number[] } | null,
): Promise<Errors> {
  const errors: Errors = {};
  const invalid = (field: string) => (errors[field] = [MESSAGES.selectValidValue]);
  if (body.timezone_id !== undefined && !(await repo.timezoneExists(body.timezone_id))) {
    invalid('timezone_id');
  }
  if (body.type_id !== undefined && !(await repo.typeExists(body.type_id))) invalid('type_id');
  if (body.industry_id !== undefined && !(await repo.industryExists(body.industry_id))) {
    invalid('industry_id');
  }

  const industryChanged =
    body.industry_id !== undefined && body.industry_id !== current?.industryId;
  if (body.trade_ids !== undefined || industryChanged) {
    // Spec §5: changing industry clears trades, so a new industry needs its own trades.
    if (body.trade_ids === undefined) errors.trade_ids = [MESSAGES.required];
    else {
      const industryId = body.industry_id ?? current?.industryId ?? null;
      const found = await repo.tradesByIds([...new Set(body.trade_ids)]);
      const fits = new Set(found.filter((t) => t.industryId === industryId).map((t) => t.id));
      if (!body.trade_ids.every((id) => fits.has(id))) invalid('trade_ids');
    }
  }

  if (
    body.logo &&
    !(deps.isOurFileUrl(body.logo) && (await repo.isLogoUploadedBy(userId, body.logo)))
  ) {
    errors.logo = [MESSAGES.invalidUrl];
  }
  return errors;
}
