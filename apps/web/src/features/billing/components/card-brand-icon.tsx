import type { CardType } from '@fieldbot/shared';
import { IconBrandMastercard, IconBrandVisa, IconCreditCard } from '@tabler/icons-react';
import { CARD_TYPE_LABELS } from '../lib/card-fields';

/** The brand's icon where the icon set has one, a generic card otherwise; labelled for screen readers. */
export function CardBrandIcon({ type, size = 28 }: { type: CardType | null; size?: number }) {
  const label = type ? CARD_TYPE_LABELS[type] : 'Card';
  const props = { size, stroke: 1.5, role: 'img', 'aria-label': label } as const;
  if (type === 'visa') return <IconBrandVisa {...props} />;
  if (type === 'mastercard') return <IconBrandMastercard {...props} />;
  return <IconCreditCard {...props} />;
}
