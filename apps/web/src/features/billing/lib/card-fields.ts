import {
  BILLING_MESSAGES,
  MESSAGES,
  cardTypeOfValidatorBrand,
  type CardType,
} from '@fieldbot/shared';
import valid from 'card-validator';

export const CARD_TYPE_LABELS: Record<CardType, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unionpay: 'UnionPay',
  discover: 'Discover',
  jcb: 'JCB',
  other: 'Card',
};

/** The brand of a (partly typed) number, or null while it cannot be told. */
export function detectCardType(number: string): CardType | null {
  const card = valid.number(digits(number)).card;
  if (!card) return null;
  return cardTypeOfValidatorBrand(card.type);
}

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Groups the digits as the brand prints them (4242 4242 4242 4242, 3782 822463 10005). */
export function formatCardNumber(value: string): string {
  const raw = digits(value);
  const card = valid.number(raw).card;
  const maxLength = card ? Math.max(...card.lengths) : 19;
  const kept = raw.slice(0, maxLength);
  const gaps = card?.gaps ?? [4, 8, 12, 16];
  let out = '';
  for (let i = 0; i < kept.length; i++) {
    if (gaps.includes(i)) out += ' ';
    out += kept[i];
  }
  return out;
}

/** MM/YY as it is typed: the slash comes by itself after the month. */
export function formatExpiry(value: string, previous = ''): string {
  const raw = digits(value).slice(0, 4);
  // Deleting the slash deletes the month's last digit with it.
  if (previous.endsWith('/') && value.length < previous.length) return raw.slice(0, 1);
  if (raw.length === 1 && Number(raw) > 1) return `0${raw}/`;
  if (raw.length < 2) return raw;
  if (raw.length === 2) return `${raw}/`;
  return `${raw.slice(0, 2)}/${raw.slice(2)}`;
}

export interface SandboxCardValues {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: SandboxCardValues = { name: '', number: '', expiry: '', cvc: '' };

/** Field checks of the sandbox form with card-validator (number with Luhn and brand lengths, expiry not past, CVC of the brand's size). */
export function validateCard(
  values: SandboxCardValues,
): Partial<Record<keyof SandboxCardValues, string>> {
  const errors: Partial<Record<keyof SandboxCardValues, string>> = {};
  if (!values.name.trim()) errors.name = MESSAGES.enterName;
  else if (!valid.cardholderName(values.name.trim()).isValid) errors.name = MESSAGES.invalidName;

  const number = valid.number(digits(values.number));
  if (!values.number.trim()) errors.number = MESSAGES.required;
  else if (!number.isValid) errors.number = BILLING_MESSAGES.invalidCardNumber;

  if (!values.expiry.trim()) errors.expiry = MESSAGES.required;
  else if (!valid.expirationDate(values.expiry).isValid)
    errors.expiry = BILLING_MESSAGES.invalidExpiry;

  const cvcSize = number.card?.code.size ?? [3, 4];
  if (!values.cvc.trim()) errors.cvc = MESSAGES.required;
  else if (!valid.cvv(values.cvc, cvcSize).isValid) errors.cvc = BILLING_MESSAGES.invalidCvc;
  return errors;
}

/** The sandbox confirm-setup body of valid form values. */
export function sandboxSetupBody(values: SandboxCardValues, clientSecret: string) {
  const expiry = valid.expirationDate(values.expiry);
  const year = Number(expiry.year);
  return {
    client_secret: clientSecret,
    number: digits(values.number),
    exp_month: Number(expiry.month),
    exp_year: year < 100 ? 2000 + year : year,
    cvc: values.cvc.trim(),
    name: values.name.trim(),
  };
}
