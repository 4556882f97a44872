import type { PaymentEvent } from './payment-provider.js';

/** The parts of a Stripe-shaped event (Stripe's own, or the sandbox's) that billing acts on. */
interface EventLike {
  id?: unknown;
  type?: unknown;
  data?: { object?: unknown };
}

interface IntentLike {
  id?: unknown;
  last_payment_error?: { message?: unknown } | null;
}

/** Reduces a verified Stripe-shaped event to a PaymentEvent; anything unexpected is 'other'. */
export function toPaymentEvent(event: EventLike): PaymentEvent {
  const id = typeof event.id === 'string' ? event.id : '';
  const rawType = typeof event.type === 'string' ? event.type : '';
  if (!id) throw new Error('The webhook event has no id');
  const object = event.data?.object as IntentLike | undefined;
  if (
    (rawType === 'payment_intent.succeeded' || rawType === 'payment_intent.payment_failed') &&
    typeof object?.id === 'string'
  ) {
    const message = object.last_payment_error?.message;
    return {
      id,
      type: rawType,
      providerPaymentId: object.id,
      failureMessage:
        rawType === 'payment_intent.payment_failed' && typeof message === 'string' ? message : null,
    };
  }
  return { id, type: 'other', rawType };
}
