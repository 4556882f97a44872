import { BILLING_MESSAGES } from '@fieldbot/shared';
import { showToast } from '@/lib/notify';

/** Spec §8 "Payment": a loading toast while the charge runs… */
export function showPaymentProcessing(id: string): void {
  void showToast({
    id,
    loading: true,
    title: 'Payment',
    message: BILLING_MESSAGES.processingPayment,
    autoClose: false,
    withCloseButton: false,
  });
}

/** …then the same toast turns into the success or error message. */
export function settlePaymentToast(
  id: string,
  outcome: 'success' | 'error',
  message: string,
): void {
  // The module is loaded by showPaymentProcessing already; this import resolves after its show().
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.update({
      id,
      loading: false,
      color: outcome === 'success' ? 'green' : 'red',
      title: outcome === 'success' ? 'Success' : 'Error',
      message,
      autoClose: 5000,
      withCloseButton: true,
    });
  });
}
