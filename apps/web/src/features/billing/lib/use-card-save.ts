import {
  BILLING_MESSAGES,
  type PaymentMethodBody,
  type PaymentProviderKind,
  INTEGRATIONS_PATH,
} from '@fieldbot/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { analytics } from '@/lib/analytics';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useSavePaymentMethod } from '../api/save-payment-method';

/**
 * What both card forms share once the provider has confirmed the card: POST the payment method,
 * the 'Card successfully added.' toast, and on any failure the message on the form plus the
 * 'Change Card Failed' event (spec §7, §8 "Payment"). A card added during onboarding (the company
 * was not billing-connected yet and has no CRM) moves the admin on to the next step, integrations.
 */
export function useCardSave(provider: PaymentProviderKind, onSaved: () => void) {
  const save = useSavePaymentMethod();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const message = errorMessage(error);
    setFormError(message);
    analytics.track(BILLING_MESSAGES.changeCardFailedEvent, { message, provider });
  };

  const saveConfirmed = async (body: PaymentMethodBody) => {
    const company = user?.company;
    const onboarding = !!company && !company.is_billing_connected && !company.is_crm_connected;
    const answer = await save.mutateAsync(body);
    notifySuccess(answer.message || BILLING_MESSAGES.cardAdded);
    onSaved();
    if (onboarding) navigate(INTEGRATIONS_PATH);
  };

  return { formError, setFormError, fail, saveConfirmed };
}
