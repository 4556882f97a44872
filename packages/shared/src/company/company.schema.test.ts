import { describe, expect, it } from 'vitest';
import { toValidationError } from '../http/errors';
import { MESSAGES } from '../validation/messages';
import { BILLING_MESSAGES } from '../billing/billing-constants';
import {
  COMPANY_MESSAGES,
  companyFormSchema,
  companyUpdateSchema,
  isCapacityUpdate,
} from './company.schema';

const fieldErrors = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  toValidationError((result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[])
    .errors;

const valid = {
  name: 'Acme Plumbing',
  street_address: '1600 Amphitheatre Pkwy',
  city: 'Mountain View',
  state: 'CA',
  zipcode: '94043',
  country: 'US',
  lat: 37.42,
  lng: -122.08,
  timezone_id: 1,
  industry_id: 2,
  type_id: 3,
  trade_ids: [4, 5],
  description: '  We fix pipes.  ',
};

describe('company form (spec §5)', () => {
  it('accepts a complete form and trims the description', () => {
    const parsed = companyFormSchema.parse(valid);
    expect(parsed.description).toBe('We fix pipes.');
    expect(parsed.trade_ids).toEqual([4, 5]);
  });

  it('answers Required for every missing required field', () => {
    const errors = fieldErrors(companyFormSchema.safeParse({}));
    for (const field of [
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
    ]) {
      expect(errors[field], field).toEqual([MESSAGES.required]);
    }
  });

  it('requires at least one trade and a non-blank description', () => {
    const errors = fieldErrors(
      companyFormSchema.safeParse({ ...valid, trade_ids: [], description: '   ' }),
    );
    expect(errors.trade_ids).toEqual([MESSAGES.required]);
    expect(errors.description).toEqual([MESSAGES.required]);
  });

  it('caps the description at 1500 and the process texts at 5000 characters', () => {
    expect(companyFormSchema.safeParse({ ...valid, description: 'x'.repeat(1500) }).success).toBe(
      true,
    );
    const errors = fieldErrors(
      companyFormSchema.safeParse({
        ...valid,
        description: 'x'.repeat(1501),
        field_team_process: 'y'.repeat(5001),
        phone_process: 'z'.repeat(5001),
      }),
    );
    expect(errors.description).toEqual([MESSAGES.descriptionMaxed]);
    expect(errors.field_team_process).toEqual([
      'Field Team Process cannot have more than 5000 characters.',
    ]);
    expect(errors.phone_process).toEqual([COMPANY_MESSAGES.phoneProcessMaxed]);
    expect(COMPANY_MESSAGES.phoneProcessMaxed).toBe(
      'Phone Process cannot have more than 5000 characters.',
    );
  });
});

describe('company update (only changed fields)', () => {
  it('accepts a single changed field and keeps absent ones absent', () => {
    expect(companyUpdateSchema.parse({ description: ' New ' })).toEqual({ description: 'New' });
  });

  it('still checks the fields it carries', () => {
    const errors = fieldErrors(companyUpdateSchema.safeParse({ name: '', trade_ids: [] }));
    expect(errors.name).toEqual([MESSAGES.required]);
    expect(errors.trade_ids).toEqual([MESSAGES.required]);
  });
});

describe('companyUpdateSchema with the capacity form (spec §5 "Capacity")', () => {
  const errorsOf = (body: unknown) => {
    const parsed = companyUpdateSchema.safeParse(body);
    if (parsed.success) return null;
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.')] ??= []).push(issue.message);
    return errors;
  };

  it('accepts soft with a greater hard, or with hard null or absent', () => {
    expect(errorsOf({ soft_capacity: 100, hard_capacity: 150 })).toBeNull();
    expect(errorsOf({ soft_capacity: 0, hard_capacity: null })).toBeNull();
    expect(errorsOf({ soft_capacity: 10 })).toBeNull();
    expect(isCapacityUpdate({ soft_capacity: 10 })).toBe(true);
    expect(isCapacityUpdate({ hard_capacity: null })).toBe(true);
    expect(isCapacityUpdate({ description: 'x' })).toBe(false);
  });

  it('requires soft as soon as either is sent', () => {
    expect(errorsOf({ hard_capacity: 100 })).toEqual({ soft_capacity: [MESSAGES.required] });
    expect(errorsOf({ soft_capacity: 0.505, hard_capacity: null })).toEqual({
      soft_capacity: [BILLING_MESSAGES.wholeCents],
    });
    expect(errorsOf({ soft_capacity: 10, hard_capacity: 20.001 })).toEqual({
      hard_capacity: [BILLING_MESSAGES.wholeCents],
    });
    expect(errorsOf({ soft_capacity: 0.5, hard_capacity: 500.5 })).toBeNull();
    expect(errorsOf({ hard_capacity: null })).toEqual({ soft_capacity: [MESSAGES.required] });
    expect(errorsOf({ soft_capacity: null, hard_capacity: 5 })).toEqual({
      soft_capacity: [MESSAGES.required],
    });
  });

  it('refuses hard less than or equal to soft with the spec message on hard_capacity', () => {
    for (const hard of [100, 99.99, 0]) {
      expect(errorsOf({ soft_capacity: 100, hard_capacity: hard })).toEqual({
        hard_capacity: [BILLING_MESSAGES.hardGreaterThanSoft],
      });
    }
  });

  it('refuses negatives', () => {
    expect(errorsOf({ soft_capacity: -1, hard_capacity: null })).toEqual({
      soft_capacity: [MESSAGES.invalidValue],
    });
    // One message per field: a negative hard is not also "not greater than soft".
    expect(errorsOf({ soft_capacity: 100, hard_capacity: -1 })).toEqual({
      hard_capacity: [MESSAGES.invalidValue],
    });
    expect(errorsOf({ soft_capacity: 'ten', hard_capacity: 5 })).toEqual({
      soft_capacity: [MESSAGES.required],
    });
  });
});
