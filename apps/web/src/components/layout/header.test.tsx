import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/session';
import { getStoredUser, storeUser } from '@/lib/storage';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@fieldbot/shared/testing';
import { renderWithProviders } from '@/test/render';
import { Header } from './header';
import { PageHeaderProvider, usePageHeader } from './page-header';

afterEach(() => vi.unstubAllGlobals());

function Page() {
  usePageHeader({ title: 'Customers', subTitle: 'All of them', enableReturn: true });
  return null;
}

function renderHeader() {
  const user = makeUser('company_admin', { name: 'Ada Admin' });
  storeUser(user);
  return renderWithProviders(
    <Routes>
      <Route
        path="/customers"
        element={
          <PageHeaderProvider>
            <Header user={user} navOpened={false} onToggleNav={() => undefined} />
            <Page />
          </PageHeaderProvider>
        }
      />
      <Route path="/" element={<p>root page</p>} />
      <Route path="/profile" element={<p>profile page</p>} />
    </Routes>,
    { user, route: '/customers' },
  );
}

describe('Header', () => {
  it('shows the title, subtitle, back button and the user with role title', () => {
    renderHeader();
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(screen.getByText('All of them')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('Company Admin')).toBeInTheDocument();
    expect(document.title).toBe('Customers | Fieldbot');
  });

  it('the back button of the first page of a tab goes to the parent route', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByText('root page')).toBeInTheDocument();
  });

  it('user menu: Profile and Change Password links', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'User menu for Ada Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it("Logout shows 'Logging out...', posts the device id, clears the session and goes to /", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    window.localStorage.setItem('fieldbot.deviceId', 'device-1');
    let finish: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    );
    const { queryClient } = renderHeader();

    await userEvent.click(screen.getByRole('button', { name: 'User menu for Ada Admin' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logging out...')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/logout',
      body: { device_uuid: 'device-1' },
    });
    finish(jsonResponse(200, { message: 'Logged out successfully.' }));

    expect(await screen.findByText('root page')).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    expect(window.localStorage.getItem('fieldbot.deviceId')).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });
});
