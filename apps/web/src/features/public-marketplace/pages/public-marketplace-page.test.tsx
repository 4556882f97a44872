import { STORAGE_KEYS } from '@fieldbot/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import {
  INVALID_LINK_TEXT,
  INVALID_LINK_TITLE,
  PublicMarketplacePage,
} from './public-marketplace-page';

afterEach(() => vi.unstubAllGlobals());

const route = '/public/marketplace/:publisherId';
const path = '/public/marketplace/NWBOTS01-Northwind%20Bots';
const referer = `?referer=${encodeURIComponent(path)}`;

describe('PublicMarketplacePage', { timeout: 20_000 }, () => {
  it('names the publisher, links to sign in and sign up with the referer, keeps the referral code', async () => {
    const { calls } = mockApi({
      'GET /api/publisher-name/NWBOTS01': { body: { data: { name: 'Northwind Bots Inc' } } },
    });
    renderPage(<PublicMarketplacePage />, { route, url: path });

    expect(await screen.findByRole('heading', { name: 'Northwind Bots Inc' })).toBeInTheDocument();
    expect(screen.getByText(/has shared access to its bot marketplace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login${referer}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup${referer}`,
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBe('NWBOTS01');
    expect(calls).toHaveLength(1);
  });

  it('says the link is not valid for an unknown code and keeps no referral code', async () => {
    const { calls } = mockApi({
      'GET /api/publisher-name/ZZ9': { status: 404, body: { message: 'Not found.' } },
    });
    renderPage(<PublicMarketplacePage />, { route, url: '/public/marketplace/ZZ9-Acme' });
    expect(await screen.findByRole('heading', { name: INVALID_LINK_TITLE })).toBeInTheDocument();
    expect(screen.getByText(INVALID_LINK_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByText(/Acme/)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/publisher-name/ZZ9']);
  });

  it('keeps inviting under the name in the link when the lookup fails otherwise, storing nothing', async () => {
    mockApi({ 'GET /api/publisher-name/ZZ9': { status: 500, body: { message: 'Boom' } } });
    renderPage(<PublicMarketplacePage />, { route, url: '/public/marketplace/ZZ9-Acme' });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?referer=${encodeURIComponent('/public/marketplace/ZZ9-Acme')}`,
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.referralCode)).toBeNull();
  });
});
