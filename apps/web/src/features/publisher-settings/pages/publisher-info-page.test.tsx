import { MESSAGES, PUBLISHER_INFO_MESSAGES, type User } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '@/test/fill';
import { mockApi, type ApiCall, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makePublisherInfo } from '../test/fixtures';
import { PublisherInfoPage } from './publisher-info-page';

afterEach(() => vi.unstubAllGlobals());

type Handlers = Record<string, MockReply | ((call: ApiCall) => MockReply)>;

const newAdmin = () => makeUser('publisher_admin', { publisher: null });
const existing = makePublisherInfo();

function renderPublisherInfo(user: User, info: unknown, handlers: Handlers = {}) {
  const api = mockApi({ 'GET /api/publisher/info': { body: { data: info } }, ...handlers });
  const view = renderPage(<PublisherInfoPage />, {
    route: '/settings/publisher-info',
    url: '/settings/publisher-info',
    user,
  });
  return { ...api, ...view };
}

const field = (label: string) =>
  screen.getByRole('textbox', { name: (name) => name.startsWith(label) }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
const posts = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

describe('PublisherInfoPage', { timeout: 60_000 }, () => {
  it('shows a skeleton, then the create form; the shared rules are checked before sending', async () => {
    const { calls } = renderPublisherInfo(newAdmin(), null);
    expect(
      screen.getByRole('status', { name: 'Loading publisher information' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Publisher Information' })).toBeVisible();
    expect(document.title).toBe('Settings | Fieldbot');
    // No link before the publisher exists.
    expect(screen.queryByRole('heading', { name: 'Referral Link' })).toBeNull();

    const user = userEvent.setup();
    await fill(user, field('Website'), 'not a url');
    await fill(user, field('Default Markup'), '501');
    await user.click(button('Create Publisher'));
    // Publisher Name, Description and Support Email.
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3);
    expect(screen.getByText(MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(screen.getByText(PUBLISHER_INFO_MESSAGES.markupRange)).toBeInTheDocument();
    expect(field('Publisher Name')).toHaveFocus();

    await fill(user, field('Description'), 'x'.repeat(1501));
    expect(await screen.findByText(MESSAGES.descriptionMaxed)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('refuses a logo of another type or over 3 MB', async () => {
    const { calls } = renderPublisherInfo(newAdmin(), null);
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: 'Publisher Information' });
    const input = screen.getByLabelText('Logo file');
    await user.upload(input, new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('File extension not supported')).toBeInTheDocument();
    await user.upload(
      input,
      new File([new Uint8Array(3_000_001)], 'logo.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('File size is greater than allowed size 3MB'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates the publisher with the uploaded logo, toasts and refetches the current user', async () => {
    const created = makePublisherInfo({
      name: 'Nora Bots',
      code: 'NORA01',
      logo: '/api/files/publisher-logo/1.png',
      website: null,
      default_markup_percent: 20,
    });
    const { calls } = renderPublisherInfo(newAdmin(), null, {
      'POST /api/data/pre-signed-url': {
        body: {
          data: {
            upload_url: '/api/uploads/publisher-logo/1.png?signature=s',
            file_url: '/api/files/publisher-logo/1.png',
          },
        },
      },
      'PUT /api/uploads/publisher-logo/1.png': { status: 204 },
      'POST /api/publisher/create': {
        status: 201,
        body: { message: PUBLISHER_INFO_MESSAGES.created, data: created },
      },
      'GET /api/user/me': {
        body: {
          data: makeUser('publisher_admin', { publisher: { id: created.id, name: created.name } }),
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Publisher Information' });

    await user.upload(
      screen.getByLabelText('Logo file'),
      new File([new Uint8Array(100)], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(button('Remove')).toBeVisible());
    await fill(user, field('Publisher Name'), '  Nora Bots ');
    await fill(user, field('Description'), 'Bots for plumbers.');
    await fill(user, field('Support Email'), 'Help@Nora.example');
    await user.click(button('Create Publisher'));

    expect(await screen.findByText(PUBLISHER_INFO_MESSAGES.created)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/data/pre-signed-url')?.body).toEqual({
      file_name: 'logo.png',
      folder: 'publisher-logo',
    });
    const sent = posts(calls, '/api/publisher/create');
    expect(sent).toHaveLength(1);
    // An empty markup is left to the server's standard one.
    expect(sent[0]?.body).toEqual({
      name: 'Nora Bots',
      logo: '/api/files/publisher-logo/1.png',
      description: 'Bots for plumbers.',
      website: null,
      support_email: 'help@nora.example',
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/user/me')).toBe(true),
    );
    // The saved publisher replaces the create form: its link, then the edit form.
    expect(await screen.findByRole('heading', { name: 'Referral Link' })).toBeVisible();
    expect(screen.getByTestId('referral-code')).toHaveTextContent('NORA01');
    expect(button('Save')).toBeDisabled();
  });

  it('shows the server’s field messages under the fields', async () => {
    renderPublisherInfo(newAdmin(), null, {
      'POST /api/publisher/create': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { support_email: [MESSAGES.invalidEmail] },
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Publisher Information' });
    await fill(user, field('Publisher Name'), 'Nora Bots');
    await fill(user, field('Description'), 'Bots for plumbers.');
    await fill(user, field('Support Email'), 'help@nora.example');
    await user.click(button('Create Publisher'));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeInTheDocument();
  });

  it('prefills the publisher for its admin and sends only the changed fields', async () => {
    const { calls } = renderPublisherInfo(makeUser('publisher_admin'), existing, {
      'POST /api/publisher/update': (call) => ({
        body: {
          message: PUBLISHER_INFO_MESSAGES.updated,
          data: { ...existing, ...(call.body as object) },
        },
      }),
      'GET /api/user/me': { body: { data: makeUser('publisher_admin') } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Publisher Information' });
    expect(field('Publisher Name')).toHaveValue('Northwind Bots');
    expect(field('Website')).toHaveValue('https://northwind.example');
    expect(field('Default Markup')).toHaveValue('20');
    expect(button('Save')).toBeDisabled();

    await user.clear(field('Description'));
    await fill(user, field('Description'), 'Bots that listen for booked jobs and upsells.');
    await user.clear(field('Website'));
    await user.clear(field('Default Markup'));
    await fill(user, field('Default Markup'), '35');
    await user.click(button('Save'));

    expect(await screen.findByText(PUBLISHER_INFO_MESSAGES.updated)).toBeInTheDocument();
    const sent = posts(calls, '/api/publisher/update');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      description: 'Bots that listen for booked jobs and upsells.',
      website: null,
      default_markup_percent: 35,
    });
    await waitFor(() => expect(button('Save')).toBeDisabled());
  });

  it('asks for a markup when the admin clears it', async () => {
    const { calls } = renderPublisherInfo(makeUser('publisher_admin'), existing);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Publisher Information' });
    await user.clear(field('Default Markup'));
    await user.click(button('Save'));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(posts(calls, '/api/publisher/update')).toHaveLength(0);
  });

  it('shows a publisher user the information read-only', async () => {
    renderPublisherInfo(makeUser('publisher_user'), existing);
    await screen.findByRole('heading', { name: 'Publisher Information' });
    for (const label of ['Publisher Name', 'Description', 'Website', 'Support Email']) {
      expect(field(label)).toHaveAttribute('readonly');
    }
    expect(field('Default Markup')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload Logo/ })).toBeNull();
    expect(screen.queryByLabelText('Logo file')).toBeNull();
    // The link is the publisher's to share, whoever reads it.
    expect(screen.getByTestId('referral-code')).toHaveTextContent('NW42XY');
  });

  it('copies the absolute public landing link', async () => {
    renderPublisherInfo(makeUser('publisher_admin'), existing);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Referral Link' });
    const expected = `${window.location.origin}/public/marketplace/NW42XY-Northwind%20Bots`;
    expect(field('Public Landing Link')).toHaveValue(expected);
    expect(screen.getByText('20%')).toBeInTheDocument();
    await user.click(button('Copy public landing link'));
    expect(await navigator.clipboard.readText()).toBe(expected);
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
  });

  it('tells a publisher user whose publisher is not set up yet to wait for the admin', async () => {
    renderPublisherInfo(makeUser('publisher_user', { publisher: null }), null);
    expect(await screen.findByText(/has not been set up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Publisher' })).toBeNull();
  });

  it('shows the error with Try again when the publisher cannot be loaded', async () => {
    mockApi({
      'GET /api/publisher/info': { status: 500, body: { message: 'Database unavailable' } },
    });
    renderPage(<PublisherInfoPage />, {
      route: '/settings/publisher-info',
      url: '/settings/publisher-info',
      user: makeUser('publisher_admin'),
    });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(button('Try again')).toBeInTheDocument();
  });
});
