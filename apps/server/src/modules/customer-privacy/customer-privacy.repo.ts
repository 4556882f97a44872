import type { PrivacyRequestStatus } from '@fieldbot/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import {
  audioAssets,
  botResults,
  botRuns,
  customerLocations,
  customers,
  interactions,
  jobs,
  privacyRequests,
  recordingConsents,
  transcriptSegments,
  users,
} from '../../db/schema/index.js';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

/**
 * Queries of the customer privacy requests. Every read is limited to one company; the export's
 * lists are keyset pages (id > last), so a customer with years of history is read a page at a
 * time and never with OFFSET.
 */
export function createCustomerPrivacyRepo(db: Db) {
  return {
    async customer(companyId: string, customerId: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
      return row ?? null;
    },

    async setFlags(
      companyId: string,
      customerId: string,
      flags: { doNotRecord?: boolean; legalHold?: boolean },
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(customers)
        .set({ ...flags, updatedAt: new Date() })
        .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
        .returning({ doNotRecord: customers.doNotRecord, legalHold: customers.legalHold });
      return row ?? null;
    },

    async createRequest(
      values: Pick<typeof privacyRequests.$inferInsert, 'companyId' | 'kind' | 'customerId'> & {
        requestedById: string | null;
        status?: PrivacyRequestStatus;
      },
      tx: Db = db,
    ): Promise<PrivacyRequestRow> {
      const [row] = await tx.insert(privacyRequests).values(values).returning();
      return row!;
    },

    async request(companyId: string, requestId: string) {
      const [row] = await db
        .select()
        .from(privacyRequests)
        .where(and(eq(privacyRequests.companyId, companyId), eq(privacyRequests.id, requestId)));
      return row ?? null;
    },

    /** An unfinished deletion of this customer, so a second click does not queue a second job. */
    async openDeletion(companyId: string, customerId: string) {
      const [row] = await db
        .select()
        .from(privacyRequests)
        .where(
          and(
            eq(privacyRequests.companyId, companyId),
            eq(privacyRequests.customerId, customerId),
            eq(privacyRequests.kind, 'customer_deletion'),
            inArray(privacyRequests.status, ['queued', 'running']),
          ),
        );
      return row ?? null;
    },

    async finishRequest(
      requestId: string,
      status: 'completed' | 'failed',
      counts: Record<string, number>,
      lastError: string | null,
      tx: Db = db,
    ) {
      await tx
        .update(privacyRequests)
        .set({ status, counts, lastError, completedAt: status === 'completed' ? new Date() : null })
        .where(eq(privacyRequests.id, requestId));
    },

    // --- The export's pages -------------------------------------------------------------------

    locations(companyId: string, customerId: string) {
      return db
        .select()
        .from(customerLocations)
        .where(
          and(
            eq(customerLocations.companyId, companyId),
            eq(customerLocations.customerId, customerId),
          ),
        )
        .orderBy(asc(customerLocations.id));
    },

    jobsPage(companyId: string, customerId: string, after: string | null, limit: number) {
      return db
        .select({
          id: jobs.id,
          jobNumber: jobs.jobNumber,
          externalId: jobs.externalId,
          status: jobs.status,
          revenue: jobs.revenue,
          locationId: jobs.locationId,
          technicianName: users.name,
          completedAt: jobs.completedAt,
          createdAt: jobs.createdAt,
        })
        .from(jobs)
        .leftJoin(users, eq(users.id, jobs.technicianId))
        .where(
          and(
            eq(jobs.companyId, companyId),
            eq(jobs.customerId, customerId),
            after ? gt(jobs.id, after) : undefined,
          ),
        )
        .orderBy(asc(jobs.id))
        .limit(limit);
    },

    interactionsPage(companyId: string, customerId: string, after: string | null, limit: number) {
      return db
        .select({
          id: interactions.id,
          number: interactions.number,
          type: interactions.type,
          callType: interactions.callType,
          status: interactions.status,
          jobNumber: jobs.jobNumber,
          recordedBy: users.name,
          agentName: interactions.agentName,
          startedAt: interactions.startedAt,
          durationSeconds: interactions.durationSeconds,
          transcriptStatus: interactions.transcriptStatus,
          transcriptText: interactions.transcriptText,
          audioDeletedAt: interactions.audioDeletedAt,
          transcriptDeletedAt: interactions.transcriptDeletedAt,
          audioKey: audioAssets.storageKey,
          audioFormat: audioAssets.format,
          consent: {
            method: recordingConsents.method,
            confirmedByName: recordingConsents.confirmedByName,
            confirmedAt: recordingConsents.confirmedAt,
            noticeVersion: recordingConsents.noticeVersion,
          },
        })
        .from(interactions)
        .leftJoin(jobs, eq(jobs.id, interactions.jobId))
        .leftJoin(users, eq(users.id, interactions.recordedById))
        .leftJoin(audioAssets, eq(audioAssets.interactionId, interactions.id))
        .leftJoin(recordingConsents, eq(recordingConsents.interactionId, interactions.id))
        .where(
          and(
            eq(interactions.companyId, companyId),
            eq(interactions.customerId, customerId),
            after ? gt(interactions.id, after) : undefined,
          ),
        )
        .orderBy(asc(interactions.id))
        .limit(limit);
    },

    segmentsOf(interactionIds: string[]) {
      if (interactionIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          interactionId: transcriptSegments.interactionId,
          startSeconds: transcriptSegments.startSeconds,
          endSeconds: transcriptSegments.endSeconds,
          speaker: transcriptSegments.speaker,
          text: transcriptSegments.text,
        })
        .from(transcriptSegments)
        .where(inArray(transcriptSegments.interactionId, interactionIds))
        .orderBy(asc(transcriptSegments.interactionId), asc(transcriptSegments.position));
    },

    /** Results of runs on the customer or on one of their interactions. */
    async botResultsPage(
      companyId: string,
      customerId: string,
      after: string | null,
      limit: number,
    ) {
      return rowsOf<{
        id: string;
        bot_name: string;
        target_type: string;
        interaction_number: string | null;
        status: string;
        output_tags: unknown;
        response_tags: unknown;
        started_at: string;
        finished_at: string | null;
      }>(
        await db.execute(sql`select r.id, b.name as bot_name, run.target_type,
            i.number as interaction_number, r.status, r.output_tags, r.response_tags,
            r.created_at as started_at, r.finished_at
          from ${botRuns} run
          join ${botResults} r on r.run_id = run.id
          join bots b on b.id = r.bot_id
          left join ${interactions} i on i.id = run.interaction_id
          where run.company_id = ${companyId}
            and (run.customer_id = ${customerId} or i.customer_id = ${customerId})
            ${after ? sql`and r.id > ${after}` : sql``}
          order by r.id
          limit ${limit}`),
      );
    },
  };
}

export type CustomerPrivacyRepo = ReturnType<typeof createCustomerPrivacyRepo>;
