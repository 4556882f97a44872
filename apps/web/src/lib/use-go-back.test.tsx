import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parentPath, useGoBack } from './use-go-back';

describe('parentPath', () => {
  it.each([
    ['/profile', '/'],
    ['/change-password', '/'],
    ['/customers/7', '/customers'],
    ['/customers/7/interaction/3/csr-call', '/customers/7'],
    ['/settings/billing/invoice-history', '/settings/billing'],
    ['/users/5/detail/general', '/users'],
    ['/', '/'],
  ])('%s → %s', (path, parent) => {
    expect(parentPath(path)).toBe(parent);
  });
});

function Page({ fallback }: { fallback?: string }) {
  const goBack = useGoBack(fallback);
  const { pathname } = useLocation();
  return (
    <>
      <p>at {pathname}</p>
      <button onClick={goBack}>Cancel</button>
    </>
  );
}

function renderAt(initialEntries: string[], fallback?: string) {
  const router = createMemoryRouter([{ path: '*', element: <Page fallback={fallback} /> }], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useGoBack', () => {
  it('goes to the parent route when the page is the first of the tab', async () => {
    const router = renderAt(['/customers/7/interaction/3/csr-call']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/customers/7');
  });

  it('goes to the given fallback instead when the page is the first of the tab', async () => {
    const router = renderAt(['/clients/detail/8/general'], '/clients/list');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/clients/list');
  });

  it('goes back one entry after an in-app navigation', async () => {
    const router = renderAt(['/customers']);
    await router.navigate('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/customers');
    expect(router.state.historyAction).toBe('POP');
  });
});
