import { COMPANY_MESSAGES, MESSAGES, type Address, type User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/lib/session';
import { fill } from '@/test/fill';
import { mockApi, type ApiCall, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import {
  SHARE_BOT_EXAMPLES_DESCRIPTION,
  SHARE_BOT_EXAMPLES_LABEL,
} from '../components/bot-sharing-card';
import { CompanyInfoPage } from './company-info-page';

afterEach(() => vi.unstubAllGlobals());

const OPTIONS = {
  timezones: [
    { id: 1, name: 'Eastern Time (US & Canada)' },
    { id: 2, name: 'Central Time (US & Canada)' },
    { id: 4, name: 'Pacific Time (US & Canada)' },
  ],
  industries: [
    { id: 1, name: 'HVAC' },
    { id: 2, name: 'Plumbing' },
  ],
  company_types: [
    { id: 1, name: 'Residential' },
    { id: 2, name: 'Commercial' },
  ],
  trades: [
    { id: 11, name: 'Furnace Repair', industry_id: 1 },
    { id: 12, name: 'AC Installation', industry_id: 1 },
    { id: 21, name: 'Drain Cleaning', industry_id: 2 },
    { id: 22, name: 'Water Heaters', industry_id: 2 },
  ],
};

const NEW_YORK: Address = {
  location: '350 5th Ave, New York, NY 10001, United States',
  zipcode: '10001',
  state: 'NY',
  city: 'New York',
  country: 'United States',
  county: 'New York County',
  timezone: 'Eastern Time (US & Canada)',
  lat: 40.75,
  lng: -73.99,
};

const newAdmin = () => makeUser('company_admin', { company: null });

const existing = makeCompany({
  name: 'Acme Home Services',
  street_address: '100 Main St, Austin, TX 78701, United States',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  country: 'United States',
  latLng: { lat: 30.27, lng: -97.74 },
  timezones: { id: 2, name: 'Central Time (US & Canada)' },
  description: 'Heating and cooling for Austin homes.',
  industry_id: 1,
  type_id: 1,
  trades: [11],
  field_team_process: null,
  phone_process: null,
  is_billing_connected: false,
  is_crm_connected: false,
});

type Handlers = Record<string, MockReply | ((call: ApiCall) => MockReply)>;

function renderCompanyInfo(user: User, handlers: Handlers = {}) {
  const api = mockApi({
    'GET /api/data': { body: { data: OPTIONS } },
    'GET /api/address/search': { body: { data: [NEW_YORK] } },
    ...handlers,
  });
  const view = renderPage(<CompanyInfoPage />, {
    route: '/settings/company-info',
    url: '/settings/company-info',
    user,
  });
  return { ...api, ...view };
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const combobox = (label: string) =>
  screen.getByRole('combobox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' });

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(combobox(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseAddress(user: UserEvent) {
  await fill(user, combobox('Address'), '350 5th Ave 10001');
  await user.click(await screen.findByRole('option', { name: NEW_YORK.location }));
}

describe('CompanyInfoPage', { timeout: 60_000 }, () => {
  it('shows a skeleton, then the empty form for an admin without a company', async () => {
    renderCompanyInfo(newAdmin());
    expect(screen.getByRole('status', { name: 'Loading company information' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Company Information' })).toBeVisible();
    // The settings tabs keep the header title 'Settings'.
    expect(document.title).toBe('Settings | Fieldbot');
    expect(field('Company Name')).toHaveValue('');
    expect(field('Zipcode')).toHaveAttribute('readonly');
    expect(save()).toBeEnabled();
  });

  it('shows the failure with a retry when the option lists cannot load', async () => {
    let fail = true;
    renderCompanyInfo(newAdmin(), {
      'GET /api/data': () =>
        fail
          ? { status: 500, body: { message: 'Oops! Something went wrong. Please try again.' } }
          : { body: { data: OPTIONS } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oops! Something went wrong. Please try again.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: /^Company Name/ })).toBeInTheDocument();
  });

  it('shows Required under every required field and sends nothing', async () => {
    const { calls } = renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await user.click(save());

    for (const label of ['Company Name', 'City', 'State', 'Zipcode', 'Description']) {
      expect(field(label), label).toHaveAttribute('aria-invalid', 'true');
    }
    for (const label of ['Address', 'Timezone', 'Industry', 'Type']) {
      expect(combobox(label), label).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getAllByText(MESSAGES.required).length).toBeGreaterThanOrEqual(9);
    expect(field('Company Name')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps the address Required while typed text has no chosen location', async () => {
    renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await fill(user, combobox('Address'), 'Somewhere without a ZIP');
    await user.click(save());
    const address = combobox('Address');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.required));
  });

  it('fills city, state, zipcode and the matched timezone from the chosen address', async () => {
    const { calls } = renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await chooseAddress(user);

    expect(combobox('Address')).toHaveValue(NEW_YORK.location);
    expect(field('City')).toHaveValue('New York');
    expect(field('State')).toHaveValue('NY');
    expect(field('Zipcode')).toHaveValue('10001');
    expect(combobox('Timezone')).toHaveValue('Eastern Time (US & Canada)');
    expect(calls.find((c) => c.path === '/api/address/search')).toBeDefined();

    // Typing again forgets the location: it has to be chosen anew.
    await user.type(combobox('Address'), 'x');
    expect(field('City')).toHaveValue('');
    expect(field('Zipcode')).toHaveValue('');
  });

  it('keeps the other fields’ errors while an address is chosen', async () => {
    renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await user.click(save());
    expect(field('Company Name')).toHaveAttribute('aria-invalid', 'true');
    await chooseAddress(user);
    expect(combobox('Address')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Zipcode')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Company Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('enables trades only after industry and type, lists the industry’s trades, clears them on a new industry', async () => {
    renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    const trades = () => combobox('Trades');
    expect(trades()).toBeDisabled();

    await choose(user, 'Industry', 'HVAC');
    expect(trades()).toBeDisabled();
    await choose(user, 'Type', 'Residential');
    expect(trades()).toBeEnabled();

    await user.click(trades());
    expect(await screen.findByRole('option', { name: 'Furnace Repair' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Drain Cleaning' })).not.toBeInTheDocument();
    await user.type(trades(), 'zzz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    await user.clear(trades());
    await user.click(await screen.findByRole('option', { name: 'Furnace Repair' }));
    expect(screen.getByText('Furnace Repair', { selector: '.mantine-Pill-label' })).toBeVisible();

    await choose(user, 'Industry', 'Plumbing');
    expect(
      screen.queryByText('Furnace Repair', { selector: '.mantine-Pill-label' }),
    ).not.toBeInTheDocument();
    await user.click(trades());
    expect(await screen.findByRole('option', { name: 'Drain Cleaning' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'AC Installation' })).not.toBeInTheDocument();
  });

  it('gives the maxed messages for the description and the process texts', async () => {
    renderCompanyInfo(newAdmin());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await fill(user, field('Description'), 'a'.repeat(1501));
    expect(await screen.findByText(MESSAGES.descriptionMaxed)).toBeInTheDocument();
    await fill(user, field('Field Team Process'), 'b'.repeat(5001));
    expect(await screen.findByText(COMPANY_MESSAGES.fieldTeamProcessMaxed)).toBeInTheDocument();
    await fill(user, field('Phone Process'), 'c'.repeat(5001));
    expect(await screen.findByText(COMPANY_MESSAGES.phoneProcessMaxed)).toBeInTheDocument();
    expect(COMPANY_MESSAGES.phoneProcessMaxed).toBe(
      'Phone Process cannot have more than 5000 characters.',
    );
  });

  it('refuses a logo of another type or over 3 MB', async () => {
    const { calls } = renderCompanyInfo(newAdmin());
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: 'Company Information' });
    const input = screen.getByLabelText('Logo file');
    await user.upload(input, new File([new Uint8Array(10)], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MESSAGES.fileExtensionNotSupported)).toBeInTheDocument();
    await user.upload(
      input,
      new File([new Uint8Array(3_000_001)], 'logo.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('File size is greater than allowed size 3MB'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates the company, stores it in the current user and goes on to billing', async () => {
    const created = makeCompany({
      ...existing,
      id: '00000000-0000-4000-8000-00000000c0de',
      name: 'Nora Plumbing',
    });
    const { calls, queryClient } = renderCompanyInfo(newAdmin(), {
      'POST /api/data/pre-signed-url': {
        body: {
          data: {
            upload_url: '/api/uploads/company-logo/1.png?signature=s',
            file_url: '/api/files/company-logo/1.png',
          },
        },
      },
      'PUT /api/uploads/company-logo/1.png': { status: 204 },
      'POST /api/company/create': { status: 201, body: { data: created } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });

    await user.upload(
      screen.getByLabelText('Logo file'),
      new File([new Uint8Array(100)], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toBeVisible());
    await fill(user, field('Company Name'), '  Nora Plumbing ');
    await chooseAddress(user);
    await choose(user, 'Industry', 'Plumbing');
    await choose(user, 'Type', 'Commercial');
    await choose(user, 'Trades', 'Drain Cleaning');
    await fill(user, field('Description'), 'Drains and water heaters.');
    await user.click(save());

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/settings/billing');
    const sent = calls.find((c) => c.path === '/api/company/create')?.body;
    expect(sent).toEqual({
      name: 'Nora Plumbing',
      street_address: NEW_YORK.location,
      city: 'New York',
      state: 'NY',
      zipcode: '10001',
      country: 'United States',
      county: 'New York County',
      lat: 40.75,
      lng: -73.99,
      timezone_id: 1,
      industry_id: 2,
      type_id: 2,
      trade_ids: [21],
      description: 'Drains and water heaters.',
      field_team_process: null,
      phone_process: null,
      logo: '/api/files/company-logo/1.png',
    });
    expect(queryClient.getQueryData<User>(meQueryKey)?.company).toEqual(created);
  });

  it('shows the server’s field messages under the fields', async () => {
    renderCompanyInfo(makeUser('company_admin', { company: existing }), {
      'POST /api/company/update': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { name: ['Please enter a valid name'] },
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    await user.clear(field('Company Name'));
    await fill(user, field('Company Name'), 'Acme!!');
    await user.click(save());
    expect(await screen.findByText('Please enter a valid name')).toBeInTheDocument();
  });

  it('prefills the company and updates only the changed fields, with the server’s message', async () => {
    const { calls } = renderCompanyInfo(makeUser('company_admin', { company: existing }), {
      'POST /api/company/update': { body: { message: COMPANY_MESSAGES.updated } },
      'GET /api/user/me': {
        body: {
          data: makeUser('company_admin', {
            company: { ...existing, name: 'Acme Heating', trades: [11, 12] },
          }),
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Company Information' });
    expect(field('Company Name')).toHaveValue('Acme Home Services');
    expect(field('City')).toHaveValue('Austin');
    expect(combobox('Timezone')).toHaveValue('Central Time (US & Canada)');
    expect(combobox('Industry')).toHaveValue('HVAC');
    expect(combobox('Trades')).toBeEnabled();
    // Nothing changed yet, nothing to save.
    expect(save()).toBeDisabled();

    await user.clear(field('Company Name'));
    await fill(user, field('Company Name'), 'Acme Heating');
    await choose(user, 'Trades', 'AC Installation');
    await user.click(save());

    expect(await screen.findByText(COMPANY_MESSAGES.updated)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/company/update');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'Acme Heating', trade_ids: [11, 12] });
    await waitFor(() => expect(save()).toBeDisabled());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/api/user/me')).toBe(true),
    );
  });

  it("shares reviewers' marks with bot publishers once the admin switches it on", async () => {
    const { calls } = renderCompanyInfo(makeUser('company_admin', { company: existing }), {
      'POST /api/company/update': { body: { message: COMPANY_MESSAGES.updated } },
      'GET /api/user/me': {
        body: {
          data: makeUser('company_admin', { company: { ...existing, share_bot_examples: true } }),
        },
      },
    });
    // Mantine's label holds the description too: the name starts with the label.
    const share = await screen.findByRole('switch', {
      name: new RegExp(`^${SHARE_BOT_EXAMPLES_LABEL}`),
    });
    expect(share).not.toBeChecked();
    expect(screen.getByText(SHARE_BOT_EXAMPLES_DESCRIPTION)).toBeInTheDocument();

    await userEvent.setup().click(share);
    expect(await screen.findByText(COMPANY_MESSAGES.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/company/update').map((c) => c.body)).toEqual([
      { share_bot_examples: true },
    ]);
    // The current user is fetched again and tells the new value.
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/user/me')).toBe(true);
    expect(share).toBeChecked();
    // The company form's own Save has nothing to save.
    expect(save()).toBeDisabled();
  });

  it('offers no sharing switch while the company is being set up', async () => {
    renderCompanyInfo(newAdmin());
    await screen.findByRole('heading', { name: 'Company Information' });
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
