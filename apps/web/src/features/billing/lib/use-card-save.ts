import {
  BILLING_MESSAGES,
  type PaymentMethodBody,
  type PaymentProviderKind,
} from '@fieldbot/shared';
import { useState } from 'react';
import { analytics } from '@/lib/analytics';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useSavePaymentMethod } from '../api/save-payment-method';

/**
 * What both card forms share once the provider has confirmed the card: POST the payment method,
 * the 'Card successfully added.' toast, and on any failure the message on the form plus the
 * 'Change Card Failed' event (spec §7, §8 "Payment").
 */
export function useCardSave(provider: PaymentProviderKind, onSaved: () => void) {
  const save = useSavePaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const message = errorMessage(error);
    setFormError(message);
    analytics.track(BILLING_MESSAGES.changeCardFailedEvent, { message, provider });
  };

  const saveConfirmed = async (body: PaymentMethodBody) => {
    const answer = await save.mutateAsync(body);
    notifySuccess(answer.message || BILLING_MESSAGES.cardAdded);
    onSaved();
  };

  return { formError, setFormError, fail, saveConfirmed };
}
