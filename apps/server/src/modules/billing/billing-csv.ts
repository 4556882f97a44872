import type { Invoice, Transaction } from '@fieldbot/shared';
import { csvDollars, type CsvColumn } from '../../lib/csv-response.js';

/**
 * The invoices export: the list's columns, the total in dollars a spreadsheet can sum. The
 * printable invoice's link stays out: its token opens the invoice without a session, and a file
 * travels further than the page.
 */
export const INVOICE_CSV_COLUMNS: CsvColumn<Invoice>[] = [
  { header: 'Invoice Number', value: (i) => i.invoice_number },
  { header: 'Date (UTC)', value: (i) => i.date },
  { header: 'Total (USD)', value: (i) => csvDollars(i.total_amount) },
  { header: 'Status', value: (i) => i.status },
];

/** The transactions export: the list's columns and why a charge failed. */
export const TRANSACTION_CSV_COLUMNS: CsvColumn<Transaction>[] = [
  { header: 'Invoice Number', value: (t) => t.invoice_number },
  { header: 'Amount (USD)', value: (t) => csvDollars(t.amount) },
  // As the table shows it; as text, a spreadsheet keeps the last four's leading zeros.
  { header: 'Card', value: (t) => (t.card_number ? `•••• ${t.card_number}` : null) },
  { header: 'Date (UTC)', value: (t) => t.payment_date },
  { header: 'Status', value: (t) => t.status },
  { header: 'Failure Message', value: (t) => t.failure_message },
];
