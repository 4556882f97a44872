import { CARD_TYPES, type CardType } from '@fieldbot/shared';

/** Stripe's card.brand → our card_type ('amex', 'visa', … pass through; 'diners', 'unknown' → 'other'). */
export function cardTypeOfStripeBrand(brand: string | undefined): CardType {
  return (CARD_TYPES as readonly string[]).includes(brand ?? '') ? (brand as CardType) : 'other';
}

/** 'MM/YYYY' of Stripe's exp_month and exp_year. */
export function expiryOf(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}
