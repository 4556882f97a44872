import { MESSAGES, type User } from '@fieldbot/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@fieldbot/shared/testing';
import { fill } from '@/test/fill';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { ProfilePage } from './profile-page';

afterEach(() => vi.unstubAllGlobals());

function renderProfile(user: User = makeUser()) {
  return renderPage(<ProfilePage />, { route: '/profile', url: '/profile', user });
}

const name = () => screen.getByLabelText(/^User Name/);
const phone = () => screen.getByLabelText(/^Phone Number/);
const save = () => screen.getByRole('button', { name: 'Save' });

function photo(fileName: string, bytes: number, type: string): File {
  return new File([new Uint8Array(bytes)], fileName, { type });
}

describe('ProfilePage', { timeout: 20_000 }, () => {
  it('shows the user with the phone masked and the e-mail read-only', () => {
    renderProfile();
    expect(name()).toHaveValue('Ada Admin');
    expect(phone()).toHaveValue('(512) 555-0100');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@demo.fieldbot.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    // Nothing changed yet, nothing to save.
    expect(save()).toBeDisabled();
  });

  it('rejects an invalid name and an empty name with the spec messages', async () => {
    const { calls } = mockApi({});
    renderProfile();
    const user = userEvent.setup();
    await user.clear(name());
    await fill(user, name(), 'Ada <script>');
    await user.click(save());
    expect(await screen.findByText(MESSAGES.invalidName)).toBeInTheDocument();
    expect(name()).toHaveFocus();

    await user.clear(name());
    await user.click(save());
    expect(await screen.findByText(MESSAGES.enterName)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('masks the phone as it is typed, keeps digits only and rejects fewer than 10', async () => {
    const { calls } = mockApi({});
    renderProfile();
    const user = userEvent.setup();
    await user.clear(phone());
    await fill(user, phone(), '12a345');
    expect(phone()).toHaveValue('(123) 45');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(phone()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(phone());
    await fill(user, phone(), '512-555-0100 99');
    expect(phone()).toHaveValue('(512) 555-0100');
    expect(calls).toHaveLength(0);
  });

  it('refuses photos of another type or over 3 MB', async () => {
    const { calls } = mockApi({});
    renderProfile();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Photo file');

    await user.upload(input, photo('me.gif', 1000, 'image/gif'));
    expect(await screen.findByText(MESSAGES.fileExtensionNotSupported)).toBeInTheDocument();

    await user.upload(input, photo('me.png', 3_000_001, 'image/png'));
    expect(
      await screen.findByText('File size is greater than allowed size 3MB'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends only the changed field, toasts and refetches the current user', async () => {
    const updated = makeUser('company_admin', { phone: '5125550199' });
    const { calls } = mockApi({
      'POST /api/user/update-profile': {
        body: { message: MESSAGES.profileUpdated, data: updated },
      },
      'GET /api/user/me': { body: { data: updated } },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.clear(phone());
    await fill(user, phone(), '5125550199');
    await user.click(save());

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/user/update-profile');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ phone: '5125550199' });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/user/me')).toBe(true),
    );
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it('collapses repeated spaces while typing and trims the name on save', async () => {
    const { calls } = mockApi({
      'POST /api/user/update-profile': {
        body: {
          message: MESSAGES.profileUpdated,
          data: makeUser('company_admin', { name: 'Ada Lovelace' }),
        },
      },
      'GET /api/user/me': { body: { data: makeUser('company_admin', { name: 'Ada Lovelace' }) } },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.clear(name());
    await fill(user, name(), '  Ada    Lovelace ');
    expect(name()).toHaveValue('Ada Lovelace ');
    await user.click(save());
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/update-profile')?.body).toEqual({
        name: 'Ada Lovelace',
      }),
    );
  });

  it('uploads a valid photo and saves only its URL', async () => {
    const { calls } = mockApi({
      'POST /api/data/pre-signed-url': {
        body: {
          data: { upload_url: '/api/uploads/p/1.png?signature=s', file_url: '/api/files/p/1.png' },
        },
      },
      'PUT /api/uploads/p/1.png': { status: 204 },
      'POST /api/user/update-profile': {
        body: {
          message: MESSAGES.profileUpdated,
          data: makeUser('company_admin', { image: '/api/files/p/1.png' }),
        },
      },
      'GET /api/user/me': {
        body: { data: makeUser('company_admin', { image: '/api/files/p/1.png' }) },
      },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Photo file'), photo('me.PNG', 2000, 'image/png'));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    await screen.findByText(MESSAGES.profileUpdated);
    expect(calls[0]).toMatchObject({
      path: '/api/data/pre-signed-url',
      body: { file_name: 'me.PNG', folder: 'profile' },
    });
    expect(calls.find((c) => c.path === '/api/user/update-profile')?.body).toEqual({
      image: '/api/files/p/1.png',
    });
  });

  it('locks name and phone of a CRM-linked user', () => {
    renderProfile(makeUser('company_admin', { crm_user_id: 'crm-77' }));
    expect(name()).toBeDisabled();
    expect(phone()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();
  });

  it('shows a 422 answer under its field', async () => {
    mockApi({
      'POST /api/user/update-profile': {
        status: 422,
        body: { message: MESSAGES.invalidPhone, errors: { phone: [MESSAGES.invalidPhone] } },
      },
    });
    renderProfile();
    const user = userEvent.setup();
    await user.clear(phone());
    await fill(user, phone(), '0000000000');
    await user.click(save());
    await waitFor(() => expect(phone()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeInTheDocument();
  });
});
