import { AUTH_MESSAGES, STORAGE_KEYS } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { readStorage, removeStorage } from '@/lib/storage';
import { createTestQueryClient } from '@/test/render';
import { meQueryKey, setCurrentUser } from './get-me';

afterEach(() => removeStorage(STORAGE_KEYS.paymentError));

describe('setCurrentUser', () => {
  it('stores the payment-due message once for a company user whose company owes a payment', () => {
    const queryClient = createTestQueryClient();
    const user = makeUser('company_admin', { company: makeCompany({ is_payment_due: true }) });
    setCurrentUser(queryClient, user);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(user);
    expect(readStorage(STORAGE_KEYS.paymentError)).toBe(AUTH_MESSAGES.paymentDue);
  });

  it('stores no message when nothing is due', () => {
    setCurrentUser(createTestQueryClient(), makeUser('company_admin'));
    expect(readStorage(STORAGE_KEYS.paymentError)).toBeNull();
  });
});
