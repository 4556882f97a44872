import { STORAGE_KEYS } from '@fieldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { signup } from './signup';

afterEach(() => vi.unstubAllGlobals());

const FORM = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Secret@123',
  password_confirmation: 'Secret@123',
};

describe('signup', () => {
  it('sends the stored referral code with the form', async () => {
    window.localStorage.setItem(STORAGE_KEYS.referralCode, 'NWBOTS01');
    const { calls } = mockApi({
      'POST /api/user/signup': { status: 201, body: { message: 'ok' } },
    });
    await signup(FORM);
    expect(calls[0]?.body).toEqual({ ...FORM, referral_code: 'NWBOTS01' });
    // Kept until the marketplace is reached: company create sends it too.
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('NWBOTS01');
  });

  it('sends no referral_code when none is stored', async () => {
    const { calls } = mockApi({
      'POST /api/user/signup': { status: 201, body: { message: 'ok' } },
    });
    await signup(FORM);
    expect(calls[0]?.body).toEqual(FORM);
  });
});
