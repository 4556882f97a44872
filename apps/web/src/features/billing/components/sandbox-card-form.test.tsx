import { BILLING_MESSAGES, MESSAGES, type User } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { meQueryKey } from '@/lib/session';
import { mockApi } from '@/test/mock-api';
import { renderBilling } from '../test/render-billing';
import { SandboxCardForm } from './sandbox-card-form';

const NEXT_YEAR = new Date().getFullYear() + 1;
const EXPIRY = `12/${String(NEXT_YEAR).slice(2)}`;

let track: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(
  user: User = makeUser('company_admin', { company: makeCompany({ is_billing_connected: false }) }),
) {
  const onSaved = vi.fn();
  const view = renderBilling(
    <SandboxCardForm clientSecret="seti_secret_1" onSaved={onSaved} onCancel={vi.fn()} />,
    { user },
  );
  return { ...view, onSaved, events: userEvent.setup() };
}

const numberInput = () => screen.getByLabelText(/Card number/);
const cvcInput = () => screen.getByLabelText(/CVC/);

async function fillCard(
  events: ReturnType<typeof userEvent.setup>,
  number: string,
  expiry = EXPIRY,
  cvc = '123',
) {
  await events.type(screen.getByLabelText(/Name on card/), 'Ada Admin');
  await events.type(numberInput(), number);
  await events.type(screen.getByLabelText(/Expiry/), expiry.replace('/', ''));
  await events.type(cvcInput(), cvc);
}

describe('SandboxCardForm', () => {
  it('says it is the test-mode sandbox and lists the test numbers', () => {
    renderForm();
    expect(screen.getByText(BILLING_MESSAGES.sandboxNotice)).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0341')).toBeInTheDocument();
  });

  it('groups the number and names its brand as it is typed', async () => {
    const { events } = renderForm();
    await events.type(numberInput(), '4242424242424242');
    expect(numberInput()).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();

    await events.clear(numberInput());
    await events.type(numberInput(), '378282246310005');
    expect(numberInput()).toHaveValue('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeInTheDocument();
  });

  it('checks every field before anything is sent', async () => {
    const api = mockApi({});
    const { events } = renderForm();
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(MESSAGES.enterName)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(3);

    await fillCard(events, '4242424242424241', '0120', '12');
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(BILLING_MESSAGES.invalidCardNumber)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.invalidExpiry)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.invalidCvc)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('asks an American Express card for four CVC digits', async () => {
    const { events } = renderForm();
    await fillCard(events, '378282246310005', EXPIRY, '123');
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(BILLING_MESSAGES.invalidCvc)).toBeInTheDocument();
  });

  it('confirms with the sandbox, saves brand, last four and expiry, and marks the company billing-connected', async () => {
    const api = mockApi({
      'POST /api/payments/sandbox/confirm-setup': {
        body: {
          data: {
            payment_method: 'pm_sandbox_1',
            card_type: 'visa',
            card_number: '4242',
            expiry_date: `12/${NEXT_YEAR}`,
          },
        },
      },
      'POST /api/company/payment-method': {
        body: {
          message: BILLING_MESSAGES.cardAdded,
          data: {
            card_type: 'visa',
            card_number: '4242',
            customer_name: 'Ada Admin',
            expiry_date: `12/${NEXT_YEAR}`,
            source_id: 'pm_sandbox_1',
          },
        },
      },
      'GET /api/company/payment-method': { body: { data: null } },
      'GET /api/user/me': { status: 500, body: { message: 'later' } },
    });
    const { events, onSaved, queryClient } = renderForm();
    await fillCard(events, '4242424242424242');
    await events.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText(BILLING_MESSAGES.cardAdded)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
    const [confirm, save] = api.calls.filter((c) => c.method === 'POST');
    expect(confirm).toEqual({
      method: 'POST',
      path: '/api/payments/sandbox/confirm-setup',
      body: {
        client_secret: 'seti_secret_1',
        number: '4242424242424242',
        exp_month: 12,
        exp_year: NEXT_YEAR,
        cvc: '123',
        name: 'Ada Admin',
      },
    });
    // The company API never sees the full number.
    expect(save?.body).toEqual({
      card_type: 'visa',
      card_number: '4242',
      expiry_date: `12/${NEXT_YEAR}`,
      source_id: 'pm_sandbox_1',
      customer_name: 'Ada Admin',
    });
    const me = queryClient.getQueryData<User>(meQueryKey);
    expect(me?.company?.is_billing_connected).toBe(true);
    expect(numberInput()).toHaveValue('');
    expect(cvcInput()).toHaveValue('');
    expect(track).not.toHaveBeenCalled();
  });

  function savedCardApi() {
    return mockApi({
      'POST /api/payments/sandbox/confirm-setup': {
        body: {
          data: {
            payment_method: 'pm_sandbox_1',
            card_type: 'visa',
            card_number: '4242',
            expiry_date: `12/${NEXT_YEAR}`,
          },
        },
      },
      'POST /api/company/payment-method': {
        body: {
          message: BILLING_MESSAGES.cardAdded,
          data: {
            card_type: 'visa',
            card_number: '4242',
            customer_name: 'Ada Admin',
            expiry_date: `12/${NEXT_YEAR}`,
            source_id: 'pm_sandbox_1',
          },
        },
      },
      'GET /api/company/payment-method': { body: { data: null } },
      'GET /api/user/me': { status: 500, body: { message: 'later' } },
    });
  }

  function renderInRoutes(user: User) {
    const events = userEvent.setup();
    renderBilling(
      <Routes>
        <Route
          path="/settings/billing/invoice-history"
          element={
            <SandboxCardForm clientSecret="seti_secret_1" onSaved={vi.fn()} onCancel={vi.fn()} />
          }
        />
        <Route path="/settings/integrations" element={<p>Integrations step</p>} />
      </Routes>,
      { user },
    );
    return events;
  }

  it('moves an onboarding admin on to the integrations step once the first card is saved', async () => {
    savedCardApi();
    const events = renderInRoutes(
      makeUser('company_admin', {
        company: makeCompany({ is_billing_connected: false, is_crm_connected: false }),
      }),
    );
    await fillCard(events, '4242424242424242');
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Integrations step')).toBeInTheDocument();
  });

  it('keeps an admin whose company already had a card on the billing page', async () => {
    savedCardApi();
    const events = renderInRoutes(
      makeUser('company_admin', {
        company: makeCompany({ is_billing_connected: true, is_crm_connected: false }),
      }),
    );
    await fillCard(events, '4242424242424242');
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(BILLING_MESSAGES.cardAdded)).toBeInTheDocument();
    expect(screen.queryByText('Integrations step')).not.toBeInTheDocument();
  });

  it('shows a decline on the form, tracks Change Card Failed and keeps no number', async () => {
    const api = mockApi({
      'POST /api/payments/sandbox/confirm-setup': {
        status: 402,
        body: { message: BILLING_MESSAGES.cardDeclined, code: 'card_declined' },
      },
    });
    const { events, onSaved, queryClient } = renderForm();
    await fillCard(events, '4000000000000002');
    await events.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_MESSAGES.cardDeclined);
    expect(track).toHaveBeenCalledWith(BILLING_MESSAGES.changeCardFailedEvent, {
      message: BILLING_MESSAGES.cardDeclined,
      provider: 'sandbox',
    });
    expect(api.calls.some((c) => c.path === '/api/company/payment-method')).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
    expect(numberInput()).toHaveValue('');
    expect(cvcInput()).toHaveValue('');
    expect(screen.getByLabelText(/Name on card/)).toHaveValue('Ada Admin');
    expect(queryClient.getQueryData<User>(meQueryKey)?.company?.is_billing_connected).toBe(false);
  });

  it('shows and tracks a refusal of the saving call too', async () => {
    mockApi({
      'POST /api/payments/sandbox/confirm-setup': {
        body: {
          data: {
            payment_method: 'pm_x',
            card_type: 'visa',
            card_number: '4242',
            expiry_date: `12/${NEXT_YEAR}`,
          },
        },
      },
      'POST /api/company/payment-method': {
        status: 402,
        body: { message: 'Card could not be attached.' },
      },
    });
    const { events } = renderForm();
    await fillCard(events, '4242424242424242');
    await events.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Card could not be attached.'),
    );
    expect(track).toHaveBeenCalledWith(BILLING_MESSAGES.changeCardFailedEvent, {
      message: 'Card could not be attached.',
      provider: 'sandbox',
    });
  });
});
