import {
  MILLICENTS_PER_CENT,
  dateTimeFormat,
  formatUsd,
  numberFormat,
  periodLabel,
} from '@fieldbot/shared';
import { escapeHtml, inlineScriptSource } from '../../lib/html.js';
import type { BillingRepo } from './billing.repo.js';

export type InvoiceDocumentData = NonNullable<Awaited<ReturnType<BillingRepo['invoiceDocument']>>>;

/** The Print button's only script; the page's CSP allows exactly this text by its hash. */
const PRINT_SCRIPT =
  "document.getElementById('print').addEventListener('click',()=>window.print());";

/** No outside resources: inline styles, the one hashed script, nothing else. */
export const INVOICE_DOCUMENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; " +
  `script-src ${inlineScriptSource(PRINT_SCRIPT)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const STATUS_LABELS = { open: 'Open', paid: 'Paid', failed: 'Payment failed' } as const;

function formatDate(at: Date, timeZone: string): string {
  return dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A unit price in millicents, with fractions of a cent when there are any ($0.0125). */
function formatUnit(millicents: number): string {
  const dollars = millicents / MILLICENTS_PER_CENT / 100;
  return numberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 5,
  }).format(dollars);
}

/** The printable invoice: HTML the browser prints to PDF. Every text is escaped. */
export function renderInvoiceDocument(doc: InvoiceDocumentData): string {
  const { invoice, timeZone } = doc;
  const e = (value: string | number | null | undefined) => escapeHtml(String(value ?? ''));
  const address = [
    doc.street,
    [doc.city, doc.state, doc.zipcode].filter(Boolean).join(', '),
    doc.country,
  ]
    .filter((part) => part && part.trim() !== '')
    .map((part) => `<div>${e(part)}</div>`)
    .join('');
  const rows = doc.lines
    .map(
      (line) =>
        `<tr><td>${e(line.description)}</td><td class="num">${e(line.quantity)}${
          line.kind === 'minutes' ? ' min' : ' runs'
        }</td><td class="num">${e(formatUnit(line.unitMillicents))}</td><td class="num">${e(
          formatUsd(line.amountCents),
        )}</td></tr>`,
    )
    .join('');
  const lastDay = new Date(invoice.periodEnd.getTime() - 1);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${e(invoice.invoiceNumber)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; margin: 0; background: #f1f3f5; }
  main { max-width: 800px; margin: 24px auto; background: #fff; padding: 40px; border-radius: 8px; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; }
  h1 { margin: 0 0 4px; font-size: 28px; }
  .muted { color: #868e96; }
  .status { display: inline-block; padding: 2px 10px; border-radius: 12px; font-size: 13px; font-weight: 600; }
  .status-paid { background: #d3f9d8; color: #2b8a3e; }
  .status-open { background: #e7f5ff; color: #1971c2; }
  .status-failed { background: #ffe3e3; color: #c92a2a; }
  dl { display: grid; grid-template-columns: max-content auto; gap: 4px 16px; margin: 0; }
  dt { color: #868e96; }
  dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin-top: 32px; }
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid #dee2e6; }
  th { font-size: 13px; color: #868e96; font-weight: 600; }
  .num { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: 700; border-bottom: none; font-size: 18px; }
  .billed { margin-top: 32px; }
  .actions { text-align: right; margin-top: 32px; }
  button { font: inherit; padding: 8px 20px; border-radius: 6px; border: 0; background: #228be6; color: #fff; cursor: pointer; }
  @media print {
    body { background: #fff; }
    main { margin: 0; padding: 0; max-width: none; border-radius: 0; }
    .actions { display: none; }
    .status { border: 1px solid currentColor; }
  }
</style>
</head>
<body>
<main>
  <header>
    <div>
      <h1>Invoice</h1>
      <div class="muted">Fieldbot</div>
    </div>
    <dl>
      <dt>Invoice number</dt><dd>${e(invoice.invoiceNumber)}</dd>
      <dt>Date</dt><dd>${e(formatDate(invoice.issuedAt, timeZone))}</dd>
      <dt>Period</dt><dd>${e(periodLabel(invoice.period))} (${e(formatDate(invoice.periodStart, timeZone))} – ${e(
        formatDate(lastDay, timeZone),
      )})</dd>
      <dt>Status</dt><dd><span class="status status-${e(invoice.status)}">${e(
        STATUS_LABELS[invoice.status],
      )}</span></dd>
    </dl>
  </header>
  <section class="billed">
    <div class="muted">Billed to</div>
    <div><strong>${e(doc.companyName)}</strong></div>
    ${address}
  </section>
  <table>
    <thead><tr><th>Description</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
    <tbody>${rows}</tbody>
    <tfoot><tr><td colspan="3">Total</td><td class="num">${e(formatUsd(invoice.totalCents))}</td></tr></tfoot>
  </table>
  <div class="actions"><button type="button" id="print">Print</button></div>
</main>
<script>${PRINT_SCRIPT}</script>
</body>
</html>
`;
}
