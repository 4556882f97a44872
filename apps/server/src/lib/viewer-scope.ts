import { ROLE, type User } from '@fieldbot/shared';
import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { customers, interactions, jobs } from '../db/schema/index.js';
import { notFound } from './errors.js';

/**
 * Whose data a query may return. Every query is limited to `companyId`; for a field technician
 * (`technicianId` set) it narrows further:
 * - customers: those with at least one job whose technician_id is the technician;
 * - interactions: those whose job's technician_id is the technician, or that the technician
 *   recorded (recorded_by_id), e.g. a visit recorded on a colleague's job.
 * Anything outside the scope reads as absent (404), never as forbidden.
 */
export interface ViewerScope {
  companyId: string;
  technicianId: string | null;
}

/** The caller's scope; a user without a company sees nothing (404). */
export function viewerScope(user: User): ViewerScope {
  const companyId = user.company?.id;
  if (!companyId) throw notFound();
  return {
    companyId,
    technicianId: user.role.alias === ROLE.FIELD_TEAM ? user.id : null,
  };
}

/**
 * The technician has a job for this customer. Written as `id = any(array(the technician's
 * customers))` so the plan starts from the technician's jobs (jobs_technician_idx, index-only)
 * and fetches those customers by primary key: a correlated EXISTS lets the planner walk the whole
 * company's name index instead, hoping to meet ten of the technician's customers early.
 */
export function customerOfTechnician(db: Db, technicianId: string | Placeholder): SQL {
  const theirCustomers = db
    .select({ id: jobs.customerId })
    .from(jobs)
    .where(eq(jobs.technicianId, technicianId));
  return sql`${customers.id} = any(array(${theirCustomers}))`;
}

/** One customer within the scope: the company's and, for a technician, one of theirs. */
export function customerInScope(
  db: Db,
  scope: { companyId: string | Placeholder; technicianId: string | Placeholder | null },
  customerId: string | Placeholder,
): SQL | undefined {
  return and(
    eq(customers.id, customerId),
    eq(customers.companyId, scope.companyId),
    scope.technicianId ? customerOfTechnician(db, scope.technicianId) : undefined,
  );
}

/**
 * Technician scope on interactions: recorded by them, or on their job — read from the joined
 * job's technician column for single interactions, or as the technician's jobs of this customer
 * (jobs_technician_idx) on a list.
 */
export function interactionOfTechnician(
  db: Db,
  technicianId: string | Placeholder,
  job: { jobTechnician: AnyPgColumn } | { customerId: string | Placeholder },
): SQL {
  const ownJob =
    'jobTechnician' in job
      ? eq(job.jobTechnician, technicianId)
      : inArray(
          interactions.jobId,
          db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.technicianId, technicianId), eq(jobs.customerId, job.customerId))),
        );
  return or(eq(interactions.recordedById, technicianId), ownJob)!;
}
