import { BILLING_MESSAGES, cardTypeOfValidatorBrand, type CardType } from '@fieldbot/shared';
import cardValidator from 'card-validator';
import { CardError } from './payment-provider.js';

/** What a saved sandbox card does when it is charged. */
export type SandboxCardBehaviour = 'succeeds' | 'charge_fails';

/** A checked test card, reduced to what may be stored: never the number or the CVC. */
export interface CheckedCard {
  cardType: CardType;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: SandboxCardBehaviour;
}

interface Decline {
  code: string;
  message: string;
}

/** Stripe's documented test cards that save and charge successfully, by brand. */
const SUCCEEDING_TEST_CARDS = new Set([
  '4242424242424242', // visa
  '4000056655665556', // visa debit
  '5555555555554444', // mastercard
  '2223003122003222', // mastercard 2-series
  '5200828282828210', // mastercard debit
  '5105105105105100', // mastercard prepaid
  '378282246310005', // amex
  '371449635398431', // amex
  '6011111111111117', // discover
  '6011000990139424', // discover
  '6011981111111113', // discover debit
  '3056930009020004', // diners club
  '36227206271667', // diners club (14 digits)
  '3566002020360505', // jcb
  '6200000000000005', // unionpay
  '6200000000000047', // unionpay debit
  '6205500000000000004', // unionpay (19 digits)
]);

/** Stripe's "attaching succeeds, every charge fails" test card. */
const CHARGE_FAILING_TEST_CARDS = new Set(['4000000000000341']);

/** Stripe's test cards that are declined when they are saved, with Stripe's own wording. */
const DECLINED_AT_SAVE: Record<string, Decline> = {
  '4000000000000002': { code: 'card_declined', message: BILLING_MESSAGES.cardDeclined },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', message: BILLING_MESSAGES.cardDeclined },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** Stripe's answer in test mode to a valid number that is not one of its test cards. */
export const LIVE_CARD_IN_TEST_MODE =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** The message Stripe gives a failed off-session charge of a test card that always fails. */
export const SANDBOX_CHARGE_DECLINED = BILLING_MESSAGES.cardDeclined;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Checks a card as Stripe's test mode would (number and brand with the Luhn check, expiry not in
 * the past, CVC length of the brand), then applies the test card's behaviour. Throws CardError
 * with Stripe's wording; returns only what may be stored.
 */
export function checkSandboxCard(input: CardInput): CheckedCard {
  const number = input.number.replace(/[\s-]/g, '');
  const verified = /^\d+$/.test(number) ? cardValidator.number(number) : null;
  if (!verified?.isValid || !verified.card) {
    throw new CardError(BILLING_MESSAGES.invalidCardNumber, 'invalid_number');
  }
  const expiry = cardValidator.expirationDate({
    month: String(input.expMonth),
    year: String(input.expYear),
  });
  if (!expiry.isValid) {
    throw new CardError(BILLING_MESSAGES.invalidExpiry, 'invalid_expiry_year');
  }
  const cvc = input.cvc.trim();
  if (!/^\d+$/.test(cvc) || !cardValidator.cvv(cvc, verified.card.code.size).isValid) {
    throw new CardError(BILLING_MESSAGES.invalidCvc, 'invalid_cvc');
  }
  const declined = DECLINED_AT_SAVE[number];
  if (declined) throw new CardError(declined.message, declined.code);
  let behaviour: SandboxCardBehaviour;
  if (CHARGE_FAILING_TEST_CARDS.has(number)) behaviour = 'charge_fails';
  else if (SUCCEEDING_TEST_CARDS.has(number)) behaviour = 'succeeds';
  else throw new CardError(LIVE_CARD_IN_TEST_MODE, 'card_declined');
  return {
    cardType: cardTypeOfValidatorBrand(verified.card.type),
    last4: number.slice(-4),
    expMonth: input.expMonth,
    expYear: input.expYear,
    behaviour,
  };
}
