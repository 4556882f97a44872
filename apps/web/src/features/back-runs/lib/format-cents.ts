const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as dollars, e.g. 1234 → "$12.34". */
export const formatCents = (cents: number): string => USD.format(cents / 100);
