import { BILLING_MESSAGES } from '@fieldbot/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeTransaction } from '../test/fixtures';
import { renderBilling } from '../test/render-billing';
import { PayNowCell, PROCESSING_REASON } from './pay-now-cell';

afterEach(() => vi.unstubAllGlobals());

describe('PayNowCell', () => {
  it("reads 'Paid', disabled with its reason, for a successful transaction", async () => {
    const api = mockApi({});
    renderBilling(<PayNowCell transaction={makeTransaction({ status: 'success' })} />);
    const paid = screen.getByRole('button', { name: 'Paid' });
    expect(paid).toHaveAttribute('aria-disabled', 'true');
    expect(paid).toHaveAccessibleDescription(BILLING_MESSAGES.alreadyPaid);
    await userEvent.click(paid);
    expect(api.calls).toHaveLength(0);
  });

  it('cannot pay a transaction still processing', () => {
    renderBilling(<PayNowCell transaction={makeTransaction({ status: 'processing' })} />);
    const button = screen.getByRole('button', { name: /Pay Now/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(PROCESSING_REASON);
  });

  it('pays a failed transaction: loading toast, then the message; the list and the user are refetched', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = makeTransaction({ status: 'failed' });
    const api = mockApi({
      [`GET /api/company/pay-now/${transaction.id}`]: async () => {
        await answered;
        return { body: { message: BILLING_MESSAGES.paymentSucceeded } };
      },
      'GET /api/user/me': { status: 500, body: { message: 'later' } },
    });
    const { queryClient } = renderBilling(<PayNowCell transaction={transaction} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(
      screen.getByRole('button', { name: `Pay Now for invoice ${transaction.invoice_number}` }),
    );
    expect(await screen.findByText(BILLING_MESSAGES.processingPayment)).toBeInTheDocument();
    release();
    expect(await screen.findByText(BILLING_MESSAGES.paymentSucceeded)).toBeInTheDocument();
    expect(screen.queryByText(BILLING_MESSAGES.processingPayment)).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({
      method: 'GET',
      path: `/api/company/pay-now/${transaction.id}`,
    });
    await waitFor(() => {
      const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
      expect(keys).toContainEqual(['billing', 'transactions']);
      expect(keys).toContainEqual(['session', 'me']);
    });
  });

  it('shows the decline message when the charge fails', async () => {
    const transaction = makeTransaction({ status: 'failed' });
    mockApi({
      [`GET /api/company/pay-now/${transaction.id}`]: {
        status: 402,
        body: { message: BILLING_MESSAGES.paymentFailed },
      },
      'GET /api/user/me': { status: 500, body: { message: 'later' } },
    });
    renderBilling(<PayNowCell transaction={transaction} />);
    await userEvent.click(screen.getByRole('button', { name: /Pay Now/ }));
    expect(await screen.findByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
  });
});
