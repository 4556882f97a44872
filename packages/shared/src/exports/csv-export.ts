import { z } from 'zod';
import { invoiceListQuerySchema, transactionListQuerySchema } from '../billing/billing.schema';
import type { OutputTag } from '../bots/bot-result.schema';
import {
  customerListQuerySchema,
  customerParamsSchema,
  interactionListQuerySchema,
} from '../interactions/interaction.schema';
import { clientListQuerySchema } from '../publishers/clients.schema';
import { teamListQuerySchema } from '../team/team.schema';

/*
 * Each export is a list on screen as CSV: the list's query without the page (its filters, search
 * and sort), answered by GET <list path>/export with the list route's own roles and scope.
 */

/** GET: the customers list as CSV, filtered and sorted like the list on screen (no paging). */
export const customersExportPath = '/api/company/customers/export';

/** The customers export's query: the list's, without the page. */
export const customersExportQuerySchema = customerListQuerySchema.omit({ page: true });
export type CustomerExportQuery = z.infer<typeof customersExportQuerySchema>;

/** GET: one customer's Interactions table as CSV, with each bot's latest findings. */
export const interactionsExportPath = (customerId: string) =>
  `/api/company/interactions/${customerId}/export`;
export const interactionsExportParamsSchema = z.object({
  customerId: customerParamsSchema.shape.id,
});
export const interactionsExportQuerySchema = interactionListQuerySchema.omit({ page: true });
export type InteractionExportQuery = z.infer<typeof interactionsExportQuerySchema>;

/** GET: the company team (users and pending invitations) as CSV. */
export const teamExportPath = '/api/company/team/export';
export const teamExportQuerySchema = teamListQuerySchema.omit({ page: true });
export type TeamExportQuery = z.infer<typeof teamExportQuerySchema>;

/** GET: a publisher's clients in the month (`month`, default this one) as CSV. */
export const clientsExportPath = '/api/publisher/clients/export';
export const clientsExportQuerySchema = clientListQuerySchema.omit({ page: true });
export type ClientExportQuery = z.infer<typeof clientsExportQuerySchema>;

/** GET: the company's invoices (billing history) as CSV. */
export const invoicesExportPath = '/api/company/invoices/export';
export const invoicesExportQuerySchema = invoiceListQuerySchema.omit({ page: true });
export type InvoiceExportQuery = z.infer<typeof invoicesExportQuerySchema>;

/** GET: the company's payment transactions as CSV. */
export const transactionsExportPath = '/api/company/payment-transactions/export';
export const transactionsExportQuerySchema = transactionListQuerySchema.omit({ page: true });
export type TransactionExportQuery = z.infer<typeof transactionsExportQuerySchema>;

/** Rows read from the database per round trip while an export streams. */
export const CSV_EXPORT_BATCH = 1000;

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that some spreadsheets skip) gets a leading apostrophe, so Excel and Sheets show it as
 * text instead of running it (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `customers-2026-12-06.csv`: the list's name and the day it was taken. */
export function exportFileName(list: string, now: Date): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** What a bot found, in one cell: `Label: data` per tag, `Label: –` when it found nothing. */
export function outputTagsText(tags: readonly Pick<OutputTag, 'label' | 'data'>[]): string {
  return tags.map((tag) => `${tag.label}: ${tag.data ?? '–'}`).join('; ');
}
