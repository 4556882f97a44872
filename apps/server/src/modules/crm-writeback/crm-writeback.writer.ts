import { createHash } from 'node:crypto';
import { customerInteractionPath, customerPath } from '@fieldbot/shared';
import { CrmError, type CrmNoteRef, type CrmNoteTarget } from '../../providers/crm/index.js';
import type { CrmConnector } from '../crm-sync/index.js';
import type { CrmWritebackRepo, ResultContext } from './crm-writeback.repo.js';

/** The customer calls from unknown numbers go to (crm-sync): not a record of the CRM. */
const UNKNOWN_CALLER_EXTERNAL_ID = 'unknown-caller';

export type WritebackOutcome =
  | 'skipped'
  | 'unchanged'
  | 'written'
  | 'failed'
  /** Another worker writes this target's note now: try again later. */
  | 'busy';

/** Thrown for pg-boss to retry the event later (the error is what the attempt logs). */
export class WritebackRetry extends Error {
  override name = 'WritebackRetry';
}

/** Where the note goes (ADR 032): a recording with a CRM job → the job; a call or no job → the customer. */
export function noteTargetOf(context: ResultContext): CrmNoteTarget | null {
  const job = context.jobExternalId;
  const onJob = context.targetType === 'customer' || context.interactionType === 'field-recording';
  if (onJob && job) return { kind: 'job', externalId: job };
  const customer = context.customerExternalId;
  if (customer && customer !== UNKNOWN_CALLER_EXTERNAL_ID) {
    return { kind: 'customer', externalId: customer };
  }
  return null;
}

/** The row's key: the interaction, or the job of a customer-target run (its customer when none). */
export function targetKeyOf(context: ResultContext): string | null {
  if (context.interactionId) return `interaction:${context.interactionId}`;
  if (context.jobId) return `job:${context.jobId}`;
  if (context.customerId) return `customer:${context.customerId}`;
  return null;
}

/** The page the note links to: the interaction, or the customer of a customer-target run. */
export function linkOf(context: ResultContext, appUrl: string): string | null {
  if (!context.customerId) return null;
  const path =
    context.interactionId && context.interactionType
      ? customerInteractionPath(context.customerId, {
          id: context.interactionId,
          type: context.interactionType,
        })
      : customerPath(context.customerId);
  return `${appUrl}${path}`;
}

/** The note's text without its reference: the bot, each output tag's `Label: value`, the link. */
export function noteBody(context: ResultContext, link: string | null): string {
  const tags = [...context.outputTags]
    .sort((a, b) => a.id - b.id)
    .map((tag) => `${tag.label}: ${tag.data?.trim() || '—'}`);
  return [`Fieldbot: ${context.botName}`, ...tags, ...(link ? [link] : [])].join('\n');
}

export const contentHashOf = (body: string) => createHash('sha256').update(body).digest('hex');

/**
 * Deterministic per (row, content): a retry of the same write computes the same reference, so the
 * adapter's look-up finds the note an attempt that crashed before our commit already created.
 */
export const referenceOf = (rowId: string, contentHash: string) =>
  `Ref: fieldbot-${rowId}-${contentHash.slice(0, 12)}`;

export interface WritebackDeps {
  repo: CrmWritebackRepo;
  connector: CrmConnector;
  appUrl: string;
}

/**
 * Writes one finished result to the company's CRM if its admin asked for it. Idempotent: the same
 * result twice, or a new result saying the same, changes nothing; a result saying something new
 * updates the target's note. A retryable failure is thrown (pg-boss tries again with backoff);
 * the last attempt's failure, or a failure no retry can help, is recorded for the integration card.
 */
export async function writeBack(
  deps: WritebackDeps,
  resultId: string,
  attempt: { final: boolean },
): Promise<WritebackOutcome> {
  const { repo } = deps;
  const context = await repo.resultContext(resultId);
  if (!context || context.status !== 'success') return 'skipped';
  const crm = await repo.connectedCrm(context.companyId);
  if (!crm || !(await repo.isEnabled(context.companyId, context.botId))) return 'skipped';
  const target = noteTargetOf(context);
  const key = targetKeyOf(context);
  if (!target || !key) return 'skipped';

  const row = await repo.ensureRow(context.companyId, context.botId, key);
  const claimed = await repo.claim(row.id);
  if (!claimed) {
    if (attempt.final) return 'busy';
    throw new WritebackRetry('Another worker is writing this note; trying again later.');
  }

  try {
    const body = noteBody(context, linkOf(context, deps.appUrl));
    const contentHash = contentHashOf(body);
    const sameCrm = claimed.companyIntegrationId === crm.companyIntegrationId;
    const written = claimed.status === 'written' && sameCrm;
    if (written && claimed.resultId === resultId) {
      await repo.release(claimed.id);
      return 'unchanged';
    }
    // A result delivered late, after a newer run's note was written, must not bring back its text.
    if (written && claimed.resultId && (await repo.finishedBefore(resultId, claimed.resultId))) {
      await repo.release(claimed.id);
      return 'unchanged';
    }
    if (written && claimed.contentHash === contentHash) {
      await repo.markUnchanged(claimed.id, resultId);
      return 'unchanged';
    }
    // The note last written to today's CRM is the one to update (one in a former CRM stays there).
    const previous: CrmNoteRef | null =
      sameCrm && claimed.crmTargetKind && claimed.crmTargetId
        ? {
            target: { kind: claimed.crmTargetKind, externalId: claimed.crmTargetId },
            noteId: claimed.noteId,
          }
        : null;
    const { connection } = await deps.connector.connect(crm.companyIntegrationId);
    const reference = referenceOf(claimed.id, contentHash);
    // Where the CRM keeps the earlier note beside the new one, the new one says it supersedes it.
    const text = previous ? body.replace(/^.*/, (title) => `${title} (updated)`) : body;
    const note = await connection.writeNote({
      target,
      text: `${text}\n${reference}`,
      reference,
      previous,
    });
    await repo.markWritten(claimed.id, {
      companyIntegrationId: crm.companyIntegrationId,
      target,
      noteId: note.noteId,
      resultId,
      contentHash,
    });
    return 'written';
  } catch (error) {
    const crmError = error instanceof CrmError ? error : undefined;
    const retryable = crmError ? crmError.retryable && !crmError.credentials : true;
    if (attempt.final || !retryable) {
      const message = crmError?.message ?? 'The write failed unexpectedly.';
      await repo.markFailed(claimed.id, crm.companyIntegrationId, resultId, message);
      return 'failed';
    }
    await repo.release(claimed.id);
    throw error;
  }
}
