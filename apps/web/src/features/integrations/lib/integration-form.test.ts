import { MASKED_SECRET, integrationDetailSchema } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { makeDetailBody } from '../test/fixtures';
import { fieldLabel, hasSavedValues, initialValuesOf, nextSecretValue } from './integration-form';

const detail = (values: Record<string, string> | null) =>
  integrationDetailSchema.parse(makeDetailBody({ values }));

describe('integration form helpers', () => {
  it('replaces a masked secret with what is typed, and clears it on delete', () => {
    expect(nextSecretValue(MASKED_SECRET, `${MASKED_SECRET}a`)).toBe('a');
    expect(nextSecretValue(MASKED_SECRET, MASKED_SECRET.slice(1))).toBe('');
    expect(nextSecretValue(MASKED_SECRET, 'pasted')).toBe('pasted');
    expect(nextSecretValue('abc', 'abcd')).toBe('abcd');
  });

  it('starts every field from its saved value or empty', () => {
    expect(initialValuesOf(detail({ client_id: 'cid', secret: MASKED_SECRET }))).toEqual({
      client_id: 'cid',
      secret: MASKED_SECRET,
      tenant_id: '',
      app_key: '',
      start_date: '',
    });
  });

  it('counts only non-blank values as saved', () => {
    expect(hasSavedValues(detail(null))).toBe(false);
    expect(hasSavedValues(detail({ client_id: ' ' }))).toBe(false);
    expect(hasSavedValues(detail({ client_id: 'cid' }))).toBe(true);
  });

  it('labels a field by its label, else by its name', () => {
    expect(fieldLabel({ name: 'tenant_id', type: 'text', required: true })).toBe('Tenant ID');
    expect(
      fieldLabel({ name: 'secret', label: 'Client Secret', type: 'password', required: true }),
    ).toBe('Client Secret');
  });
});
