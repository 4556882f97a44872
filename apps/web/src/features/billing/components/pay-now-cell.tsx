import { BILLING_MESSAGES, type Transaction } from '@fieldbot/shared';
import { Button } from '@mantine/core';
import { DisabledReason } from '@/components/disabled-reason';
import { errorMessage } from '@/lib/notify';
import { usePayNow } from '../api/pay-now';
import { settlePaymentToast, showPaymentProcessing } from '../lib/payment-toast';

export const PROCESSING_REASON = 'This payment is still being processed.';

/**
 * Spec §4 "Transaction": 'Pay Now' unless the transaction succeeded; then 'Paid', disabled, with
 * 'You have already paid for this transaction.'. A charge still processing cannot be paid again.
 */
export function PayNowCell({ transaction }: { transaction: Transaction }) {
  const payNow = usePayNow();

  if (transaction.status === 'success') {
    return (
      <DisabledReason reason={BILLING_MESSAGES.alreadyPaid}>
        <Button size="xs" variant="light" color="green">
          Paid
        </Button>
      </DisabledReason>
    );
  }

  const toastId = `pay-now-${transaction.id}`;
  const pay = () => {
    showPaymentProcessing(toastId);
    // The promise, not mutate()'s callbacks, which React Query drops if this cell unmounts first
    // (the list refetches): the loading toast never closes by itself.
    payNow.mutateAsync(transaction.id).then(
      ({ message }) =>
        settlePaymentToast(toastId, 'success', message || BILLING_MESSAGES.paymentSucceeded),
      (error: unknown) => settlePaymentToast(toastId, 'error', errorMessage(error)),
    );
  };

  return (
    <DisabledReason reason={transaction.status === 'processing' ? PROCESSING_REASON : null}>
      <Button
        size="xs"
        onClick={pay}
        loading={payNow.isPending}
        aria-label={`Pay Now for invoice ${transaction.invoice_number}`}
      >
        Pay Now
      </Button>
    </DisabledReason>
  );
}
