import type { InteractionListItem } from '@fieldbot/shared';

export const customerPath = (customerId: string) => `/customers/${customerId}`;

/** The interaction page opened from a customer (spec §2). */
export const customerInteractionPath = (
  customerId: string,
  item: Pick<InteractionListItem, 'id' | 'type'>,
) => `/customers/${customerId}/interaction/${item.id}/${item.type}`;
