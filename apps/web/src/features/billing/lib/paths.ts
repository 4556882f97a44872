export const INVOICE_HISTORY_PATH = '/settings/billing/invoice-history';
export const TRANSACTION_HISTORY_PATH = '/settings/billing/transaction-history';
export const CAPACITY_PATH = '/settings/billing/capacity';

export const BILLING_TABS = [
  { path: INVOICE_HISTORY_PATH, label: 'Invoice History' },
  { path: TRANSACTION_HISTORY_PATH, label: 'Transaction History' },
  { path: CAPACITY_PATH, label: 'Capacity' },
] as const;

/** Onboarding step 3 (spec §2 Settings), the next step after a card is added. */
export const INTEGRATIONS_PATH = '/settings/integrations';
