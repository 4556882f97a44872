import { STORAGE_KEYS } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '@/lib/page-location';
import { mockApi } from '@/test/mock-api';
import { LoginApp } from './login-app';

let loaded: string[] = [];

beforeEach(() => {
  loaded = [];
  vi.spyOn(pageLocation, 'replace').mockImplementation((url) => {
    loaded.push(url);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function open(url: string) {
  window.history.replaceState(null, '', url);
  return render(<LoginApp />);
}

describe('LoginApp (the login page’s own entry)', () => {
  it('shows the form to a logged-out visitor and remembers the redirectTo', async () => {
    mockApi({ 'GET /api/user/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    open(`/login?redirectTo=${encodeURIComponent('/customers/7')}`);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectTo)).toBe('/customers/7');
    expect(loaded).toEqual([]);
  });

  it('sends a logged-in visitor on, to the redirectTo or home (spec §2)', async () => {
    mockApi({ 'GET /api/user/me': { body: { data: makeUser() } } });
    open(`/login?redirectTo=${encodeURIComponent('/customers')}`);
    await waitFor(() => expect(loaded).toEqual(['/customers']));
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('still shows the form when /me cannot be read', async () => {
    mockApi({ 'GET /api/user/me': { status: 500, body: { message: 'Server Error' } } });
    open('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(loaded).toEqual([]);
  });
});
