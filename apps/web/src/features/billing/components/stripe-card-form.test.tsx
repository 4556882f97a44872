import { BILLING_MESSAGES } from '@fieldbot/shared';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { mockApi } from '@/test/mock-api';
import { renderBilling } from '../test/render-billing';
import { CardFormDialog } from './card-form-dialog';

// Stripe.js itself cannot load offline: a stand-in with the calls the form makes.
const stripe = {
  createPaymentMethod: vi.fn(),
  confirmSetup: vi.fn(),
};
const elements = { submit: vi.fn(), getElement: vi.fn(() => ({ clear: vi.fn() })) };
const loadStripe = vi.fn((_key: string) => Promise.resolve(stripe));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripe,
  useElements: () => elements,
}));

let track: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
  elements.submit.mockResolvedValue({});
  stripe.createPaymentMethod.mockResolvedValue({
    paymentMethod: {
      id: 'pm_stripe_1',
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDialog() {
  const onClose = vi.fn();
  renderBilling(<CardFormDialog opened title="Add card" onClose={onClose} />, {
    user: makeUser('company_admin', { company: makeCompany({ is_billing_connected: false }) }),
  });
  return { onClose };
}

const STRIPE_INTENT = {
  data: { client_secret: 'seti_9_secret_x', provider: 'stripe', publishable_key: 'pk_test_1' },
};

describe('CardFormDialog with Stripe', () => {
  it('shows the Payment Element, confirms the setup intent and saves its payment method', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_stripe_1' } });
    const api = mockApi({
      'GET /api/company/create-setup-intent': { body: STRIPE_INTENT },
      'POST /api/company/payment-method': {
        body: {
          message: BILLING_MESSAGES.cardAdded,
          data: {
            card_type: 'mastercard',
            card_number: '4444',
            customer_name: 'Ada Admin',
            expiry_date: '03/2031',
            source_id: 'pm_stripe_1',
          },
        },
      },
      'GET /api/company/payment-method': { body: { data: null } },
      'GET /api/user/me': { status: 500, body: { message: 'later' } },
    });
    const { onClose } = renderDialog();
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByText(BILLING_MESSAGES.sandboxNotice)).not.toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');

    await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText(BILLING_MESSAGES.cardAdded)).toBeInTheDocument();
    expect(stripe.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({
        clientSecret: 'seti_9_secret_x',
        redirect: 'if_required',
        confirmParams: expect.objectContaining({ payment_method: 'pm_stripe_1' }),
      }),
    );
    expect(
      api.calls.find((c) => c.path === '/api/company/payment-method' && c.method === 'POST')?.body,
    ).toEqual({
      card_type: 'mastercard',
      card_number: '4444',
      expiry_date: '03/2031',
      source_id: 'pm_stripe_1',
      customer_name: 'Ada Admin',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows Stripe's error on the form and tracks Change Card Failed", async () => {
    stripe.confirmSetup.mockResolvedValue({
      error: { message: 'Your card has insufficient funds.' },
    });
    const api = mockApi({ 'GET /api/company/create-setup-intent': { body: STRIPE_INTENT } });
    const { onClose } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'),
    );
    expect(track).toHaveBeenCalledWith(BILLING_MESSAGES.changeCardFailedEvent, {
      message: 'Your card has insufficient funds.',
      provider: 'stripe',
    });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
