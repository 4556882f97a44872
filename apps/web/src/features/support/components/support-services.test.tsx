import {
  CLIENT_CONFIG_PATH,
  MESSAGES,
  SUPPORT_MESSAGES,
  SUPPORT_MESSAGES_PATH,
  type ClientConfig,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { setHelpPanelOpen } from '../lib/help-panel-state';
import { INTERCOM_WIDGET_URL } from '../lib/intercom';
import { HELP_MESSAGE_LABEL } from './help-panel';
import { HelpMenuItem } from './help-menu-item';
import { SupportServices } from './support-services';

const posthog = vi.hoisted(() => ({
  init: vi.fn(),
  identify: vi.fn(),
  capture: vi.fn(),
  reset: vi.fn(),
}));
vi.mock('posthog-js', () => ({ default: posthog }));

const user = makeUser('company_admin', {
  id: 'u-1',
  intercom_id: 'u-1',
  intercom_hash: 'signed-hash',
  intercom_company_id: 'c-1',
  name: 'Ada Admin',
  email: 'ada@acme.test',
});

/** A button that moves the app to `to`, as a link in the app would. */
function GoTo({ label, to }: { label: string; to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {label}
    </button>
  );
}

const NO_VENDORS: ClientConfig = { posthog_key: null, posthog_host: null, intercom_app_id: null };

function renderServices(
  config: ClientConfig,
  support: MockReply = { body: { message: SUPPORT_MESSAGES.sent } },
) {
  const api = mockApi({
    [`GET ${CLIENT_CONFIG_PATH}`]: { body: { data: config } },
    [`POST ${SUPPORT_MESSAGES_PATH}`]: support,
  });
  const view = renderWithProviders(
    <>
      <Menu opened>
        <Menu.Target>
          <button type="button">Account</button>
        </Menu.Target>
        <Menu.Dropdown>
          <HelpMenuItem />
        </Menu.Dropdown>
      </Menu>
      <SupportServices user={user} />
      <GoTo label="Next page" to="/customers?page=3" />
      <GoTo label="Users" to="/users" />
    </>,
    { user, route: '/customers?page=2' },
  );
  return { ...view, ...api };
}

afterEach(() => {
  setHelpPanelOpen(false);
  delete window.Intercom;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Help panel (no Intercom configured)', () => {
  it('sends the message from the user menu and closes', async () => {
    const { calls } = renderServices(NO_VENDORS);
    await waitFor(() => expect(calls.some((c) => c.path === CLIENT_CONFIG_PATH)).toBe(true));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(dialog).toHaveTextContent('ada@acme.test');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === SUPPORT_MESSAGES_PATH)).toEqual([]);

    await userEvent.type(screen.getByLabelText(HELP_MESSAGE_LABEL), 'The player stops.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === SUPPORT_MESSAGES_PATH)).toEqual([
      {
        method: 'POST',
        path: SUPPORT_MESSAGES_PATH,
        body: { message: 'The player stops.', page: '/customers?page=2' },
      },
    ]);
    expect(window.Intercom).toBeUndefined();
  });

  it('shows the server field message (422) and a refusal (429) in the panel', async () => {
    let reply: MockReply = {
      status: 422,
      body: { message: SUPPORT_MESSAGES.tooLong, errors: { message: [SUPPORT_MESSAGES.tooLong] } },
    };
    mockApi({
      [`GET ${CLIENT_CONFIG_PATH}`]: { body: { data: NO_VENDORS } },
      [`POST ${SUPPORT_MESSAGES_PATH}`]: () => reply,
    });
    renderWithProviders(<SupportServices user={user} />, { user });
    setHelpPanelOpen(true);
    await userEvent.type(await screen.findByLabelText(HELP_MESSAGE_LABEL), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.tooLong)).toBeInTheDocument();

    reply = { status: 429, body: { message: SUPPORT_MESSAGES.tooMany } };
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.tooMany);
    expect(screen.getByRole('dialog', { name: 'Help' })).toBeInTheDocument();
  });
});

describe('Intercom Messenger (INTERCOM_APP_ID set)', () => {
  it('loads after login, boots with the signed identity, opens from Help and shuts down on logout', async () => {
    const { unmount } = renderServices({ ...NO_VENDORS, intercom_app_id: 'abc123' });
    await waitFor(() => expect(window.Intercom).toBeDefined());
    const script = document.head.querySelector<HTMLScriptElement>('script[src]');
    expect(script?.src).toBe(`${INTERCOM_WIDGET_URL}abc123`);
    expect(window.Intercom!.q).toEqual([
      [
        'boot',
        {
          app_id: 'abc123',
          user_id: 'u-1',
          user_hash: 'signed-hash',
          email: 'ada@acme.test',
          name: 'Ada Admin',
          created_at: Date.parse(user.created_at) / 1000,
          company: { company_id: 'c-1', name: user.company!.name },
        },
      ],
    ]);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Help' }));
    expect(window.Intercom!.q!.at(-1)).toEqual(['show']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Another page of the app: the Messenger is told (a new query string is the same page).
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(window.Intercom!.q!.at(-1)).toEqual(['show']);
    await userEvent.click(screen.getByRole('button', { name: 'Users' }));
    expect(window.Intercom!.q!.at(-1)).toEqual(['update']);

    // Logging out (by hand or forced) leaves no current user: the services unmount.
    unmount();
    expect(window.Intercom!.q!.at(-1)).toEqual(['shutdown']);
  });
});

describe('PostHog (POSTHOG_KEY set)', () => {
  it('is loaded on demand, identifies the user, receives events and forgets the user on logout', async () => {
    const { unmount } = renderServices({
      ...NO_VENDORS,
      posthog_key: 'phc_k',
      posthog_host: 'https://eu.i.posthog.com',
    });
    await waitFor(() => expect(posthog.identify).toHaveBeenCalled());
    expect(posthog.init).toHaveBeenCalledWith(
      'phc_k',
      expect.objectContaining({ api_host: 'https://eu.i.posthog.com', autocapture: false }),
    );
    expect(posthog.identify).toHaveBeenCalledWith('u-1', {
      email: 'ada@acme.test',
      name: 'Ada Admin',
      company: user.company!.name,
    });
    analytics.track('Change Card Failed', { reason: 'declined' });
    expect(posthog.capture).toHaveBeenCalledWith('Change Card Failed', { reason: 'declined' });

    unmount();
    expect(posthog.reset).toHaveBeenCalled();
    analytics.track('Change Card Failed');
    expect(posthog.capture).toHaveBeenCalledTimes(1);
    analytics.flush();
  });
});
