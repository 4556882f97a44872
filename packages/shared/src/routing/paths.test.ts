import { describe, expect, it } from 'vitest';
import { isLoginPagePath } from './paths';

describe('isLoginPagePath', () => {
  it('is the login page with or without an invitation token, query or trailing slash', () => {
    for (const path of ['/login', '/login/', '/login?redirectTo=%2Fcustomers', '/login/abc-123']) {
      expect(isLoginPagePath(path), path).toBe(true);
    }
  });

  it('is no other page', () => {
    for (const path of [
      '/',
      '/logins',
      '/login/a/b',
      '/signup',
      '/loginx/abc',
      '/customers/login',
    ]) {
      expect(isLoginPagePath(path), path).toBe(false);
    }
  });
});
