import { STORAGE_KEYS } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { describe, expect, it } from 'vitest';
import { getStoredUser, storeUser } from './storage';

describe('stored user', () => {
  it('reads back the user stored at log-in', () => {
    const user = makeUser('manager');
    storeUser(user);
    expect(getStoredUser()).toEqual(user);
  });

  it('is absent when nothing is stored', () => {
    expect(getStoredUser()).toBeNull();
  });

  it('treats a value that is not a user as absent and removes it', () => {
    const { permissions: _dropped, ...withoutPermissions } = makeUser('company_admin');
    window.localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ ...withoutPermissions, role: 'company_admin' }),
    );
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('treats a cut-off value as absent and removes it', () => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser()).slice(0, 40));
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
