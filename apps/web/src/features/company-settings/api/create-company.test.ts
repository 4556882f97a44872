import { STORAGE_KEYS, type CompanyForm } from '@fieldbot/shared';
import { makeCompany } from '@fieldbot/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { createCompany } from './create-company';

afterEach(() => vi.unstubAllGlobals());

const FORM = { name: 'Cool Air LLC' } as CompanyForm;

function serveCreate() {
  return mockApi({
    'POST /api/company/create': {
      status: 201,
      body: { data: makeCompany({ name: 'Cool Air LLC' }) },
    },
  });
}

describe('createCompany', () => {
  it('sends the stored referral code with the form', async () => {
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'NWBOTS01');
    const { calls } = serveCreate();
    const company = await createCompany(FORM);
    expect(company.name).toBe('Cool Air LLC');
    expect(calls[0]?.body).toEqual({ name: 'Cool Air LLC', referral_code: 'NWBOTS01' });
  });

  it('sends no referral_code when none is stored', async () => {
    const { calls } = serveCreate();
    await createCompany(FORM);
    expect(calls[0]?.body).toEqual({ name: 'Cool Air LLC' });
  });
});
