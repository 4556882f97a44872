import {
  PRIVACY_SETTINGS_API_PATH,
  PRIVACY_SETTINGS_MESSAGES,
  PRIVACY_SETTINGS_PATH,
  type PrivacySettings,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { PrivacySettingsPage } from './privacy-settings-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = (patch: Partial<PrivacySettings> = {}): PrivacySettings => ({
  consent_method: 'confirmation',
  audio_retention_days: null,
  transcript_retention_days: 365,
  redact_emails: false,
  redact_phones: true,
  bleep_audio: false,
  vocabulary: ['PRV'],
  ...patch,
});

function open(get: MockReply, more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [`GET ${PRIVACY_SETTINGS_API_PATH}`]: get, ...more });
  renderPage(<PrivacySettingsPage />, {
    route: PRIVACY_SETTINGS_PATH,
    url: PRIVACY_SETTINGS_PATH,
    user: makeUser('company_admin'),
  });
  return api;
}

const puts = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.method === 'PUT' && c.path === PRIVACY_SETTINGS_API_PATH);

describe('PrivacySettingsPage', () => {
  it('shows a skeleton, then the saved settings in their sections', async () => {
    open({ body: { data: settings() } });
    expect(screen.getByLabelText('Loading privacy settings')).toHaveAttribute('aria-busy', 'true');
    const consent = await screen.findByRole('radiogroup', { name: 'How consent is taken' });
    expect(
      within(consent).getByRole('radio', { name: 'Technician confirms the customer agreed' }),
    ).toBeChecked();
    expect(
      within(consent).getByRole('radio', { name: 'Play a recorded notice' }),
    ).not.toBeChecked();
    expect(screen.getByLabelText('Delete audio after (days)')).toHaveValue('');
    expect(screen.getByLabelText('Delete transcripts and bot results after (days)')).toHaveValue(
      '365',
    );
    expect(screen.getAllByText('Leave empty to keep forever')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: /^Also mask e-mail addresses/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Also mask phone numbers/ })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: /^Bleep masked parts of the audio/ }),
    ).not.toBeChecked();
    expect(screen.getByText('PRV')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vocabulary' })).toBeInTheDocument();
  });

  it('shows the server message with a retry when the settings cannot be loaded', async () => {
    open({ status: 500, body: { message: 'Server Error' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves every section in one request and says so', async () => {
    const saved = settings({
      consent_method: 'both',
      audio_retention_days: 30,
      transcript_retention_days: null,
      redact_emails: true,
      bleep_audio: true,
      vocabulary: ['PRV', 'Carrier Infinity'],
    });
    const api = open(
      { body: { data: settings() } },
      {
        [`PUT ${PRIVACY_SETTINGS_API_PATH}`]: {
          body: { message: PRIVACY_SETTINGS_MESSAGES.saved, data: saved },
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Both' }));
    await user.type(screen.getByLabelText('Delete audio after (days)'), '30');
    await user.clear(screen.getByLabelText('Delete transcripts and bot results after (days)'));
    await user.click(screen.getByRole('switch', { name: /^Also mask e-mail addresses/ }));
    await user.click(screen.getByRole('switch', { name: /^Bleep masked parts of the audio/ }));
    await user.type(
      screen.getByRole('combobox', { name: 'Trade words, brands and models' }),
      'Carrier Infinity{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PRIVACY_SETTINGS_MESSAGES.saved)).toBeInTheDocument();
    expect(puts(api)).toHaveLength(1);
    expect(puts(api)[0]!.body).toEqual(saved);
  });

  it('checks the days on the page and sends nothing until they are valid', async () => {
    const api = open({ body: { data: settings() } });
    const user = userEvent.setup();
    const audio = await screen.findByLabelText('Delete audio after (days)');
    await user.type(audio, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRIVACY_SETTINGS_MESSAGES.retentionDays)).toBeInTheDocument();
    expect(audio).toHaveAttribute('aria-invalid', 'true');
    expect(puts(api)).toEqual([]);
  });

  it('puts the server’s field messages under the fields', async () => {
    const message = PRIVACY_SETTINGS_MESSAGES.vocabularyTooMany;
    open(
      { body: { data: settings() } },
      {
        [`PUT ${PRIVACY_SETTINGS_API_PATH}`]: {
          status: 422,
          body: { message, errors: { vocabulary: [message] } },
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: 'Trade words, brands and models' }),
      ).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
