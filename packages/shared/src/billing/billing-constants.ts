/** Spec §3 "Payment method": the card brands the saved card may show. */
export const CARD_TYPES = [
  'visa',
  'mastercard',
  'amex',
  'unionpay',
  'discover',
  'jcb',
  'other',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Our card type of a card-validator brand name (e.g. 'american-express' → 'amex'); 'other' for the rest. */
export function cardTypeOfValidatorBrand(brand: string): CardType {
  const brands: Record<string, CardType> = {
    visa: 'visa',
    mastercard: 'mastercard',
    'american-express': 'amex',
    unionpay: 'unionpay',
    discover: 'discover',
    jcb: 'jcb',
  };
  return brands[brand] ?? 'other';
}

/** Spec §3 "Payment transaction" status, plus 'processing' while a provider has not answered. */
export const TRANSACTION_STATUSES = ['success', 'failed', 'processing'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The status filter of the transaction history (spec §5 "Other": success or failed). */
export const TRANSACTION_FILTER_STATUSES = ['success', 'failed'] as const;

export const INVOICE_STATUSES = ['open', 'paid', 'failed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_LINE_KINDS = ['minutes', 'bot_runs'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const INVOICE_SORT_FIELDS = ['invoice_number', 'date', 'total_amount'] as const;
export const TRANSACTION_SORT_FIELDS = ['payment_date', 'amount', 'status', 'invoice_id'] as const;

/** Soft-capacity e-mail thresholds, in percent of the soft limit, each once a month. */
export const CAPACITY_ALERT_THRESHOLDS = [50, 80, 100] as const;

/** Spec §5 "Capacity": the analytics event fires when the soft value is at least this. */
export const SOFT_CAPACITY_EVENT_MIN = 80;
export const SOFT_CAPACITY_EVENT = 'Soft Capacity Set';

/** Why a company's queued work waits (bot runs, transcription of new interactions). */
export const HOLD_REASONS = ['hard_capacity', 'payment_due'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const HOLD_LABELS: Record<HoldReason, string> = {
  hard_capacity: 'paused: hard capacity reached',
  payment_due: 'paused: payment due',
};

/** A new publisher's default markup; it may change it, and override it per client. */
export const DEFAULT_MARKUP_PERCENT = 20;

/** Spec §2 / §8 texts of the billing screens, word for word where the spec gives them. */
export const BILLING_MESSAGES = {
  cardAdded: 'Card successfully added.',
  noPaymentMethod: 'No Payment Method added.',
  changeCardFailedEvent: 'Change Card Failed',
  processingPayment: 'Processing your payment, please wait!',
  alreadyPaid: 'You have already paid for this transaction.',
  paymentSucceeded: 'Payment successful. Thank you!',
  paymentFailed: 'Your card was declined. Please add a different card and try again.',
  limitUpdated: 'Limit updated successfully',
  hardGreaterThanSoft: 'Hard Capacity must be greater then Soft Capacity',
  wholeCents: 'Enter dollars and cents, with at most two decimal places.',
  noInvoices: 'No Invoices Found',
  noTransactions: 'No Transactions Found',
  transactionNotFound: 'Transaction not found',
  invoiceNotFound: 'Invoice not found',
  noCardToCharge: 'Please add a payment card first.',
  sandboxNotice: 'Test mode: this is the built-in payment sandbox. No real card is charged.',
  cardDeclined: 'Your card was declined.',
  invalidCardNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidCvc: "Your card's security code is invalid.",
} as const;
