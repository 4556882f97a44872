import {
  CUSTOMER_PRIVACY_MESSAGES,
  ROLE,
  confirmsCustomerName,
  customerExportFileName,
  type CustomerPrivacyFlags,
  type CustomerPrivacyFlagsRequest,
  type PrivacyRequest,
  type User,
} from '@fieldbot/shared';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { auditActor, recordAudit } from '../../lib/audit-trail.js';
import { DomainError, fieldError, forbidden, notFound } from '../../lib/errors.js';
import type { StorageProvider } from '../../providers/storage/index.js';
import { writeCustomerExport } from './customer-export.js';
import type { CustomerPrivacyRepo, PrivacyRequestRow } from './customer-privacy.repo.js';
import { createZipWriter } from './zip-stream.js';

/** Queues the one deletion job of a request (its pg-boss id is the request id). */
export interface CustomerDeletionQueue {
  enqueue(requestId: string): Promise<void>;
}

type RequestInfo = Pick<FastifyRequest, 'ip' | 'headers'>;

const companyOf = (user: User) => {
  const id = user.company?.id;
  if (!id) throw notFound();
  return id;
};

export function toPrivacyRequest(row: PrivacyRequestRow): PrivacyRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    counts: row.counts,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function createCustomerPrivacyService(deps: {
  db: Db;
  repo: CustomerPrivacyRepo;
  storage: StorageProvider;
  queue: CustomerDeletionQueue;
  now?: () => Date;
}) {
  const { db, repo, storage, queue } = deps;
  const now = deps.now ?? (() => new Date());

  const customerOf = async (user: User, customerId: string) => {
    const customer = await repo.customer(companyOf(user), customerId);
    if (!customer) throw notFound();
    return customer;
  };

  return {
    /**
     * Do not record: admins and managers (a manager answering a customer's call must be able to
     * honour "don't record me"). Legal hold: admins only, it overrides the retention policy.
     */
    async setFlags(
      user: User,
      customerId: string,
      body: CustomerPrivacyFlagsRequest,
      request: RequestInfo,
    ): Promise<{ message: string; data: CustomerPrivacyFlags }> {
      if (body.legal_hold !== undefined && user.role.alias !== ROLE.COMPANY_ADMIN)
        throw forbidden();
      const customer = await customerOf(user, customerId);
      const actor = auditActor(user, request);
      const saved = await db.transaction(async (tx) => {
        const row = await repo.setFlags(
          customer.companyId,
          customer.id,
          { doNotRecord: body.do_not_record, legalHold: body.legal_hold },
          tx,
        );
        if (!row) throw notFound();
        const target = { type: 'customer', id: customer.id };
        if (body.do_not_record !== undefined && body.do_not_record !== customer.doNotRecord) {
          await recordAudit(tx, actor, {
            event: 'customer.do_not_record_changed',
            target,
            meta: { value: body.do_not_record },
          });
        }
        if (body.legal_hold !== undefined && body.legal_hold !== customer.legalHold) {
          await recordAudit(tx, actor, {
            event: 'customer.legal_hold_changed',
            target,
            meta: { value: body.legal_hold },
          });
        }
        return row;
      });
      const message =
        body.legal_hold !== undefined
          ? body.legal_hold
            ? CUSTOMER_PRIVACY_MESSAGES.legalHoldOn
            : CUSTOMER_PRIVACY_MESSAGES.legalHoldOff
          : saved.doNotRecord
            ? CUSTOMER_PRIVACY_MESSAGES.doNotRecordOn
            : CUSTOMER_PRIVACY_MESSAGES.doNotRecordOff;
      return { message, data: { do_not_record: saved.doNotRecord, legal_hold: saved.legalHold } };
    },

    /**
     * The export as a ZIP stream. Checks run before the first byte (a 404 is still a 404); the
     * archive is then written as the client reads it. The request row and the audit entry (counts
     * only) are written when the archive is complete, or the row marked failed when it is not.
     */
    async exportCustomer(
      user: User,
      customerId: string,
      request: RequestInfo,
    ): Promise<{ fileName: string; stream: Readable }> {
      const customer = await customerOf(user, customerId);
      const actor = auditActor(user, request);
      const row = await repo.createRequest({
        companyId: customer.companyId,
        kind: 'customer_export',
        customerId: customer.id,
        requestedById: user.id,
        status: 'running',
      });
      const zip = createZipWriter();
      void (async () => {
        try {
          const counts = await writeCustomerExport({
            repo,
            storage,
            companyId: customer.companyId,
            customer,
            zip,
          });
          await zip.finish();
          await db.transaction(async (tx) => {
            await repo.finishRequest(row.id, 'completed', counts, null, tx);
            await recordAudit(tx, actor, {
              event: 'customer.exported',
              target: { type: 'customer', id: customer.id },
              meta: { request_id: row.id, counts },
            });
          });
        } catch (error) {
          zip.fail(error instanceof Error ? error : new Error(String(error)));
          await repo
            .finishRequest(row.id, 'failed', {}, error instanceof Error ? error.message : 'failed')
            .catch(() => undefined);
        }
      })();
      return { fileName: customerExportFileName(customer.id, now()), stream: zip.stream };
    },

    /**
     * Confirmed by the customer's exact name; one request and one job per customer at a time (a
     * second click while one is queued answers with that one).
     */
    async requestDeletion(
      user: User,
      customerId: string,
      confirmName: string,
    ): Promise<PrivacyRequest> {
      const customer = await customerOf(user, customerId);
      if (!confirmsCustomerName(confirmName, customer.name)) {
        throw fieldError('confirm_name', CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch);
      }
      if (customer.legalHold) {
        throw new DomainError(409, CUSTOMER_PRIVACY_MESSAGES.deletionUnderLegalHold);
      }
      const open = await repo.openDeletion(customer.companyId, customer.id);
      const row =
        open ??
        (await repo.createRequest({
          companyId: customer.companyId,
          kind: 'customer_deletion',
          customerId: customer.id,
          requestedById: user.id,
        }));
      await queue.enqueue(row.id);
      return toPrivacyRequest(row);
    },

    async requestStatus(user: User, requestId: string): Promise<PrivacyRequest> {
      const row = await repo.request(companyOf(user), requestId);
      if (!row) throw new DomainError(404, CUSTOMER_PRIVACY_MESSAGES.requestNotFound);
      return toPrivacyRequest(row);
    },
  };
}

export type CustomerPrivacyService = ReturnType<typeof createCustomerPrivacyService>;
