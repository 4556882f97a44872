import type { RoleAlias } from '@fieldbot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { mockFetch, jsonResponse } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { Sidebar } from './sidebar';

afterEach(() => vi.unstubAllGlobals());

function renderSidebar(
  user: ReturnType<typeof makeUser>,
  collapsed = false,
  route = '/company/dashboard',
) {
  const onToggleCollapsed = vi.fn();
  const view = renderWithProviders(
    <Sidebar user={user} collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} />,
    { user, route },
  );
  return { ...view, onToggleCollapsed };
}

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

const EXPECTED: Record<RoleAlias, [string, string][]> = {
  field_team: [
    ['Dashboard', '/company/dashboard'],
    ['Customers', '/customers'],
    ['Search', '/search'],
  ],
  manager: [
    ['Dashboard', '/company/dashboard'],
    ['Teams', '/users'],
    ['Customers', '/customers'],
    ['Search', '/search'],
  ],
  company_admin: [
    ['Dashboard', '/company/dashboard'],
    ['Teams', '/users'],
    ['Customers', '/customers'],
    ['Search', '/search'],
    ['Marketplace', '/marketplace'],
    ['Settings', '/settings/company-info'],
  ],
  publisher_user: [
    ['Dashboard', '/publisher/dashboard'],
    ['Bots', '/bot/list'],
    ['Clients', '/clients/list'],
  ],
  publisher_admin: [
    ['Dashboard', '/publisher/dashboard'],
    ['Bots', '/bot/list'],
    ['Clients', '/clients/list'],
    ['Users', '/publisher/users'],
    ['Settings', '/settings/publisher-info'],
  ],
};

describe('Sidebar', () => {
  it.each(Object.entries(EXPECTED))('shows only the permitted modules for %s', (alias, items) => {
    renderSidebar(makeUser(alias as RoleAlias));
    expect(navLinks()).toEqual(items);
  });

  it('marks the current page', () => {
    renderSidebar(makeUser('company_admin'));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current');
  });

  it('gives Search, which shares the interactions module with Customers, its own entry', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSidebar(makeUser('field_team'), false, '/search?q=capacitor');
    const search = screen.getByRole('link', { name: 'Search' });
    expect(search).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Customers' })).not.toHaveAttribute('aria-current');
    // Its own icon and test id, and no two entries under one React key.
    expect(search.querySelector('svg')).toHaveClass('tabler-icon-search');
    expect(screen.getByRole('link', { name: 'Customers' }).querySelector('svg')).toHaveClass(
      'tabler-icon-address-book',
    );
    expect(screen.getByTestId('sidebar-search')).toBe(search);
    expect(screen.getByTestId('sidebar-customers')).toHaveAttribute('href', '/customers');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('disables everything but Settings until onboarding is complete', () => {
    const user = makeUser('company_admin', {
      company: makeCompany({ is_billing_connected: false, is_crm_connected: false }),
    });
    renderSidebar(user);
    expect(navLinks()).toEqual([['Settings', '/settings/company-info']]);
    for (const label of ['Dashboard', 'Teams', 'Customers', 'Search', 'Marketplace']) {
      // A focusable button that goes nowhere, announced as disabled.
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('collapsed: icon-only links keep their accessible names', async () => {
    const { onToggleCollapsed } = renderSidebar(makeUser('manager'), true);
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/users');
    expect(screen.queryByText('Teams')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(onToggleCollapsed).toHaveBeenCalledTimes(1);
  });
});

describe('ThemeToggle in the sidebar', () => {
  it('saves the display mode locally and sends it to the server', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const user = makeUser('field_team');
    const { calls } = mockFetch(() =>
      jsonResponse(200, {
        message: 'User profile updated successfully',
        data: { ...user, display_mode: 'dark' },
      }),
    );
    renderSidebar(user);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));

    expect(window.localStorage.getItem('fieldbot.theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/user/update-profile',
        body: { display_mode: 'dark' },
      }),
    ]);
  });
});
