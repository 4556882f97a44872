import { Alert, Button, Group, Stack, TextInput, useComputedColorScheme } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { cardTypeOfStripeBrand, expiryOf } from '../lib/stripe-card';
import { useCardSave } from '../lib/use-card-save';
import type { CardFormProps } from './sandbox-card-form';

// One Stripe.js per publishable key for the page's life (loadStripe adds its script once).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

export interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/**
 * Stripe's Payment Element (cards only). This module, Stripe.js and its React bindings load only
 * when the card form opens with the Stripe provider (a dynamic import from CardFormDialog).
 */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const scheme = useComputedColorScheme('light');
  return (
    <Elements
      stripe={stripe}
      options={{
        // Deferred mode: the card's brand, last four and expiry are read from the PaymentMethod
        // before the SetupIntent (props.clientSecret) is confirmed with it.
        mode: 'setup',
        currency: 'usd',
        allowedPaymentMethodTypes: ['card'],
        appearance: { theme: scheme === 'dark' ? 'night' : 'stripe' },
      }}
    >
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ clientSecret, onSaved, onCancel }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { formError, setFormError, fail, saveConfirmed } = useCardSave('stripe', onSaved);
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setFormError(null);
    setSubmitting(true);
    try {
      const submitted = await elements.submit();
      if (submitted.error) throw new Error(submitted.error.message);
      const created = await stripe.createPaymentMethod({
        elements,
        params: { billing_details: { name: name.trim() || undefined } },
      });
      if (created.error) throw new Error(created.error.message);
      const confirmed = await stripe.confirmSetup({
        clientSecret,
        confirmParams: {
          payment_method: created.paymentMethod.id,
          return_url: window.location.href,
        },
        redirect: 'if_required',
      });
      if (confirmed.error) throw new Error(confirmed.error.message);
      const method = confirmed.setupIntent.payment_method;
      const card = created.paymentMethod.card;
      await saveConfirmed({
        card_type: cardTypeOfStripeBrand(card?.brand),
        card_number: card?.last4 ?? '',
        expiry_date: card ? expiryOf(card.exp_month, card.exp_year) : '',
        source_id: typeof method === 'string' ? method : (method?.id ?? created.paymentMethod.id),
        customer_name: name.trim() || undefined,
      });
      elements.getElement('payment')?.clear();
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Card details">
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <PaymentElement options={{ layout: 'tabs' }} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={!stripe || !elements}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
