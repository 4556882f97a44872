import { BILLING_MESSAGES } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { CardError } from './payment-provider.js';
import { LIVE_CARD_IN_TEST_MODE, checkSandboxCard } from './sandbox-cards.js';

const nextYear = new Date().getFullYear() + 1;
const card = (number: string, cvc = '123', expMonth = 12, expYear = nextYear) => ({
  number,
  cvc,
  expMonth,
  expYear,
});

function cardError(run: () => unknown): CardError {
  try {
    run();
  } catch (error) {
    if (error instanceof CardError) return error;
    throw error;
  }
  throw new Error('expected a CardError');
}

describe('sandbox test cards', () => {
  it('accepts Stripe’s succeeding test numbers per brand, spaces allowed, keeping brand and last four', () => {
    expect(checkSandboxCard(card('4242 4242 4242 4242'))).toEqual({
      cardType: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: nextYear,
      behaviour: 'succeeds',
    });
    expect(checkSandboxCard(card('5555 5555 5555 4444'))).toMatchObject({
      cardType: 'mastercard',
      last4: '4444',
    });
    expect(checkSandboxCard(card('3782 822463 10005', '1234'))).toMatchObject({
      cardType: 'amex',
      last4: '0005',
    });
    expect(checkSandboxCard(card('6011111111111117'))).toMatchObject({ cardType: 'discover' });
    expect(checkSandboxCard(card('3566002020360505'))).toMatchObject({ cardType: 'jcb' });
    expect(checkSandboxCard(card('6200000000000005'))).toMatchObject({ cardType: 'unionpay' });
    expect(checkSandboxCard(card('3056930009020004'))).toMatchObject({ cardType: 'other' });
  });

  it('0341 saves but is marked to fail every charge', () => {
    expect(checkSandboxCard(card('4000000000000341'))).toMatchObject({
      cardType: 'visa',
      last4: '0341',
      behaviour: 'charge_fails',
    });
  });

  it('0002 and the other decline cards are refused with Stripe’s wording', () => {
    expect(cardError(() => checkSandboxCard(card('4000000000000002')))).toMatchObject({
      message: BILLING_MESSAGES.cardDeclined,
      code: 'card_declined',
    });
    expect(cardError(() => checkSandboxCard(card('4000000000009995'))).message).toBe(
      'Your card has insufficient funds.',
    );
    expect(cardError(() => checkSandboxCard(card('4000000000000069'))).code).toBe('expired_card');
  });

  it('checks number (Luhn, brand), expiry and CVC length per brand', () => {
    expect(cardError(() => checkSandboxCard(card('4242424242424241')))).toMatchObject({
      message: BILLING_MESSAGES.invalidCardNumber,
      code: 'invalid_number',
    });
    expect(cardError(() => checkSandboxCard(card('4242-abcd')))).toMatchObject({
      code: 'invalid_number',
    });
    expect(
      cardError(() => checkSandboxCard(card('4242424242424242', '123', 1, 2020))),
    ).toMatchObject({ message: BILLING_MESSAGES.invalidExpiry });
    expect(cardError(() => checkSandboxCard(card('4242424242424242', '1234'))).message).toBe(
      BILLING_MESSAGES.invalidCvc,
    );
    expect(cardError(() => checkSandboxCard(card('378282246310005', '123'))).code).toBe(
      'invalid_cvc',
    );
    expect(cardError(() => checkSandboxCard(card('4242424242424242', '12a'))).code).toBe(
      'invalid_cvc',
    );
  });

  it('refuses a valid number that is not a test card, as Stripe’s test mode does', () => {
    expect(cardError(() => checkSandboxCard(card('4111111111111111'))).message).toBe(
      LIVE_CARD_IN_TEST_MODE,
    );
  });
});
