import {
  ALERT_MESSAGES,
  alertRuleOptionsPath,
  alertRulesPath,
  type AlertRule,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { AlertsSettingsPage } from './alerts-settings-page';

afterEach(() => vi.unstubAllGlobals());

const BOT = '00000000-0000-4000-8000-0000000000b1';
const OPTIONS = {
  data: {
    bots: [{ id: BOT, name: 'Booking outcome', tags: ['Booked', 'Not booked'] }],
    users: [
      { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin', role: 'company_admin' },
    ],
  },
};
const RULE: AlertRule = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Unbooked calls',
  condition: 'tag_found',
  bot_id: BOT,
  bot_name: 'Booking outcome',
  tag_label: 'Not booked',
  interaction_type: 'csr-call',
  spend_cents: null,
  recipient_roles: ['manager'],
  recipient_user_ids: [],
  channel: 'email',
  enabled: true,
  created_at: '2026-06-10T15:00:00.000Z',
  updated_at: '2026-06-10T15:00:00.000Z',
};

const renderAlerts = () =>
  renderPage(<AlertsSettingsPage />, {
    route: '/settings/alerts',
    url: '/settings/alerts',
    user: makeUser('manager'),
  });

describe('AlertsSettingsPage', () => {
  it('invites a first rule, checks the form as the server does, and creates it', async () => {
    const rules: AlertRule[] = [];
    const { calls } = mockApi({
      [`GET ${alertRulesPath}`]: () => ({ body: { data: rules } }),
      [`GET ${alertRuleOptionsPath}`]: { body: OPTIONS },
      [`POST ${alertRulesPath}`]: () => {
        rules.push(RULE);
        return { body: { message: ALERT_MESSAGES.ruleSaved, data: RULE } };
      },
    });
    const view = renderAlerts();
    expect(await screen.findByText(ALERT_MESSAGES.noRules)).toBeInTheDocument();
    expect(await blockingViolations(view.container)).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New alert rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ALERT_MESSAGES.botRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ALERT_MESSAGES.tagRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Unbooked calls');
    await user.click(within(dialog).getByRole('combobox', { name: 'Bot' }));
    await user.click(await screen.findByRole('option', { name: 'Booking outcome' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Output tag' }));
    await user.click(await screen.findByRole('option', { name: 'Not booked' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        name: 'Unbooked calls',
        condition: 'tag_found',
        bot_id: BOT,
        tag_label: 'Not booked',
        recipient_roles: ['company_admin', 'manager'],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Unbooked calls' })).toBeInTheDocument();
    expect(screen.getByText('Booking outcome: "Not booked" found')).toBeInTheDocument();
  });

  it('says when the rules cannot be loaded, and retries', async () => {
    let fail = true;
    mockApi({
      [`GET ${alertRulesPath}`]: () =>
        fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: [RULE] } },
    });
    renderAlerts();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Unbooked calls' })).toBeInTheDocument();
  });
});
