import { MESSAGES } from '@fieldbot/shared';
import { makeCompany } from '@fieldbot/shared/testing';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_COMPANY_VALUES,
  companyChanges,
  companyInitialValues,
  logoError,
  matchTimezoneId,
  validateCompanyForm,
} from './company-form';

const TIMEZONES = [
  { id: 1, name: 'Eastern Time (US & Canada)' },
  { id: 2, name: 'Central Time (US & Canada)' },
  { id: 8, name: 'Atlantic Time (Canada)' },
];

describe('company form rules', () => {
  it('matches the look-up timezone by name, else by its first word', () => {
    expect(matchTimezoneId('Central Time (US & Canada)', TIMEZONES)).toBe(2);
    expect(matchTimezoneId('Eastern Standard Time', TIMEZONES)).toBe(1);
    expect(matchTimezoneId('atlantic', TIMEZONES)).toBe(8);
    expect(matchTimezoneId('America/Havana', TIMEZONES)).toBeNull();
    expect(matchTimezoneId(null, TIMEZONES)).toBeNull();
  });

  it('sends only what differs, trimmed, with trades compared as a set', () => {
    const baseline = companyInitialValues(
      makeCompany({ trades: [3, 1], description: 'Old', industry_id: 1, type_id: 1 }),
    );
    expect(companyChanges({ ...baseline, trade_ids: [1, 3] }, baseline)).toEqual({});
    expect(
      companyChanges(
        {
          ...baseline,
          description: '  New  ',
          phone_process: '  ',
          field_team_process: 'Call first',
        },
        baseline,
      ),
    ).toEqual({ description: 'New', field_team_process: 'Call first' });
  });

  it('requires a chosen location and the shared schema’s fields', () => {
    const errors = validateCompanyForm({ ...EMPTY_COMPANY_VALUES, street_address: '1 Main St' });
    expect(errors).toMatchObject({
      name: MESSAGES.required,
      street_address: MESSAGES.required,
      zipcode: MESSAGES.required,
      timezone_id: MESSAGES.required,
      industry_id: MESSAGES.required,
      trade_ids: MESSAGES.required,
      description: MESSAGES.required,
    });
  });

  it('accepts jpg, jpeg and png logos up to 3 MB', () => {
    expect(logoError({ name: 'a.JPEG', size: 3_000_000 })).toBeNull();
    expect(logoError({ name: 'a.webp', size: 10 })).toBe(MESSAGES.fileExtensionNotSupported);
    expect(logoError({ name: 'a.png', size: 3_000_001 })).toBe(MESSAGES.fileSizeTooLarge(3));
  });
});
