import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '@/lib/session';
import { getSessionFlags, resetSessionFlags, setSessionFlags } from '@/lib/session-flags';
import { getStoredUser, storeUser } from '@/lib/storage';
import { makeUser } from '@fieldbot/shared/testing';
import { renderWithProviders } from '@/test/render';
import { NoAccessPage } from './no-access-page';
import { NotFoundPage } from './not-found-page';
import { SessionExpiredModal } from './session-expired-modal';

beforeEach(() => resetSessionFlags());

describe('NoAccessPage', () => {
  it('names the role title and offers a way home, with light and dark artwork', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/settings/company-info" element={<NoAccessPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>,
      { user: makeUser('field_team'), route: '/settings/company-info' },
    );
    expect(screen.getByRole('heading', { name: 'We are Sorry...' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Access is restricted to this page as this is being accessed by Field Technician',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('no-access-art-light')).toBeInTheDocument();
    expect(screen.getByTestId('no-access-art-dark')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});

describe('NotFoundPage', () => {
  it('leads back to the root path', async () => {
    renderWithProviders(
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>,
      { route: '/nowhere' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Take me home' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});

describe('SessionExpiredModal', () => {
  it('is closed until the session-expired flag is set', () => {
    renderWithProviders(<SessionExpiredModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Login again" clears the stored user and the current user and returns to /', async () => {
    const user = makeUser('manager');
    storeUser(user);
    setSessionFlags({ sessionExpired: true });
    const { queryClient } = renderWithProviders(
      <Routes>
        <Route path="/customers" element={<SessionExpiredModal />} />
        <Route path="/" element={<p>root page</p>} />
      </Routes>,
      { user, route: '/customers' },
    );

    expect(screen.getByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login again' }));

    expect(await screen.findByText('root page')).toBeInTheDocument();
    expect(getStoredUser()).toBeNull();
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(getSessionFlags().sessionExpired).toBe(false);
  });

  it('closes on Escape the same way', async () => {
    storeUser(makeUser('manager'));
    setSessionFlags({ sessionExpired: true });
    renderWithProviders(<SessionExpiredModal />, { user: makeUser('manager') });
    await userEvent.keyboard('{Escape}');
    expect(getSessionFlags().sessionExpired).toBe(false);
    expect(getStoredUser()).toBeNull();
  });
});
