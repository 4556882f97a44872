import { STORAGE_KEYS } from '@fieldbot/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/features/auth/testing/mock-api';
import { renderPage } from '@/features/auth/testing/render-page';
import { PublicMarketplacePage } from './public-marketplace-page';

afterEach(() => vi.unstubAllGlobals());

const route = '/public/marketplace/:publisherId';
const path = '/public/marketplace/northwind-bots-NW4821';
const referer = `?referer=${encodeURIComponent(path)}`;

describe('PublicMarketplacePage', { timeout: 20_000 }, () => {
  it('names the publisher, links to sign in and sign up with the referer, keeps the referral code', async () => {
    const { calls } = mockApi({
      'GET /api/publisher-name/NW4821': { body: { data: { name: 'Northwind Bots' } } },
    });
    renderPage(<PublicMarketplacePage />, { route, url: path });

    expect(await screen.findByRole('heading', { name: 'Northwind Bots' })).toBeInTheDocument();
    expect(screen.getByText(/has shared access to its bot marketplace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login${referer}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup${referer}`,
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('NW4821');
    expect(calls).toHaveLength(1);
  });

  it('falls back to the name in the link when the publisher is unknown', async () => {
    mockApi({});
    renderPage(<PublicMarketplacePage />, { route, url: '/public/marketplace/acme-ZZ9' });
    expect(await screen.findByRole('heading', { name: 'ZZ9' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?referer=${encodeURIComponent('/public/marketplace/acme-ZZ9')}`,
    );
  });
});
