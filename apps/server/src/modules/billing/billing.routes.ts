import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  ROLE,
  exportFileName,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  invoicesExportPath,
  invoicesExportQuerySchema,
  payNowResponseSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionParamsSchema,
  transactionsExportPath,
  transactionsExportQuerySchema,
} from '@fieldbot/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-response.js';
import { DomainError } from '../../lib/errors.js';
import type { BillingService } from './billing.service.js';
import { INVOICE_DOCUMENT_CSP, renderInvoiceDocument } from './invoice-document.js';

/** Billing pages stay reachable while the company is payment-due (spec §4 gating). */
const companyAdmin = { roles: [ROLE.COMPANY_ADMIN], setup: 'any' } as const;

export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

const documentQuerySchema = z.object({ token: z.string().max(200).optional() });
const webhookResponseSchema = z.object({ received: z.boolean() });

export async function billingRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company/invoices',
    {
      config: { auth: companyAdmin },
      schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } },
    },
    async (request) => {
      const companyId = request.user!.company?.id;
      // An admin who has not created the company yet has no invoices.
      if (!companyId) return { data: { items: [], total: 0 } };
      return { data: await deps.billing.listInvoices(companyId, request.query) };
    },
  );

  r.get(
    '/api/company/payment-transactions',
    {
      config: { auth: companyAdmin },
      schema: {
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema },
      },
    },
    async (request) => {
      const companyId = request.user!.company?.id;
      if (!companyId) return { data: { items: [], total: 0 } };
      return { data: await deps.billing.listTransactions(companyId, request.query) };
    },
  );

  // The exports: the lists' rule, and an admin without a company gets a file without rows.
  r.get(
    invoicesExportPath,
    { config: { auth: companyAdmin }, schema: { querystring: invoicesExportQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('invoices', new Date()),
        await deps.billing.invoicesCsv(request.user!.company?.id ?? null, request.query),
      ),
  );

  r.get(
    transactionsExportPath,
    { config: { auth: companyAdmin }, schema: { querystring: transactionsExportQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        exportFileName('transactions', new Date()),
        await deps.billing.transactionsCsv(request.user!.company?.id ?? null, request.query),
      ),
  );

  r.get(
    '/api/company/pay-now/:id',
    {
      config: { auth: companyAdmin },
      schema: {
        params: transactionParamsSchema,
        response: { 200: payNowResponseSchema, 202: payNowResponseSchema },
      },
    },
    async (request, reply) => {
      // A GET that charges (spec §7): never from a link or image on another site.
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw new DomainError(403, AUTH_MESSAGES.forbidden);
      }
      const companyId = request.user!.company?.id;
      if (!companyId) throw new DomainError(404, BILLING_MESSAGES.transactionNotFound);
      const outcome = await deps.billing.payNow(companyId, request.params.id);
      return reply.status(outcome.status).send({ message: outcome.message });
    },
  );

  // Public with the invoice's own token: the link opens in a new tab and prints without the app.
  r.get(
    '/api/company/invoices/:id/document',
    {
      config: { auth: 'public' },
      schema: { params: invoiceParamsSchema, querystring: documentQuerySchema },
    },
    async (request, reply) => {
      const doc = await deps.billing.invoiceDocument(request.params.id, request.query.token ?? '');
      if (!doc) throw new DomainError(404, BILLING_MESSAGES.invoiceNotFound);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', INVOICE_DOCUMENT_CSP)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(renderInvoiceDocument(doc));
    },
  );

  // The provider signs the raw body: this scope keeps it as bytes instead of parsed JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      PAYMENT_WEBHOOK_PATH,
      {
        // The signature over the raw body replaces both the session and the CSRF header.
        config: { auth: 'public', csrf: false },
        schema: { response: { 200: webhookResponseSchema } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        await deps.billing.applyWebhook(raw, Array.isArray(header) ? header[0] : header);
        return { received: true };
      },
    );
  });
}
