import { CAPACITY_PATH, INVOICE_HISTORY_PATH, TRANSACTION_HISTORY_PATH } from '@fieldbot/shared';

export const BILLING_TABS = [
  { path: INVOICE_HISTORY_PATH, label: 'Invoice History' },
  { path: TRANSACTION_HISTORY_PATH, label: 'Transaction History' },
  { path: CAPACITY_PATH, label: 'Capacity' },
] as const;
