import type { Invoice, Transaction } from '@fieldbot/shared';

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  seq += 1;
  return {
    id: uuid(7000 + seq),
    invoice_id: uuid(8000 + seq),
    invoice_number: `INV-2026-${String(seq).padStart(4, '0')}`,
    amount: 12345,
    card_number: '4242',
    payment_date: '2026-03-01T09:00:00.000Z',
    status: 'failed',
    failure_message: 'Your card was declined.',
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  seq += 1;
  return {
    id: uuid(8000 + seq),
    invoice_number: `INV-2026-${String(seq).padStart(4, '0')}`,
    date: '2026-03-01',
    total_amount: 250075,
    invoice_url: `/invoices/${uuid(8000 + seq)}`,
    status: 'paid',
    ...overrides,
  };
}
