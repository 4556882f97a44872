import { CSRF_COOKIE, STORAGE_KEYS } from '@fieldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveForLogin } from './leave-for-login';

afterEach(() => vi.unstubAllGlobals());

describe('leaveForLogin', () => {
  it('forgets the local session and loads /login', () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    window.localStorage.setItem(STORAGE_KEYS.user, '{"id":"u1"}');
    document.cookie = `${CSRF_COOKIE}=abc; path=/`;

    leaveForLogin();

    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(document.cookie).not.toContain(`${CSRF_COOKIE}=abc`);
    expect(replace).toHaveBeenCalledWith('/login');
  });
});
