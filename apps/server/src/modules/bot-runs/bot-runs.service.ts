import {
  AUTOMATION_RUN_BY,
  BOT_RUN_MESSAGES,
  HOLD_LABELS,
  botIcon,
  customerRunBotBlock,
  interactionRunBotBlock,
  selectBotsForCustomer,
  selectBotsForInteraction,
  type BotFeedbackRequest,
  type BotResult,
  type BotResultItem,
  type BotRunRequest,
  type GptResponse,
  type InteractionType,
  type User,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { BotMarksService } from '../bot-marks/index.js';
import type { BotRunsRepo, RunTarget, SubscribedBot } from './bot-runs.repo.js';

export type BotRunsService = ReturnType<typeof createBotRunsService>;

/**
 * Where queued results stand: 'urgent' when a person waits for them (a manual run), else the
 * first result's turn in its company's line (the n-th waiting result of a company runs before
 * anyone's (n+1)-th, so one company's backlog holds no other company's first results).
 */
export type BotRunPlace = 'urgent' | { firstTurn: number };

/** Queues bot runs, one job per bot result (jobs/bot-run.ts implements it over pg-boss). */
export interface BotRunQueue {
  enqueue(resultIds: readonly string[], place?: BotRunPlace): Promise<void>;
}

/**
 * The place of `added` results just created in a line now `unfinished` long (them included).
 * A turn below 1 (results that finished between the insert and the count) counts as the first:
 * the queue's turnPriority clamps it.
 */
export function placeInLine(unfinished: number, added: number): BotRunPlace {
  return { firstTurn: unfinished - added + 1 };
}

/** Queues results a company's run just created in their turn in its line of unfinished results. */
export async function enqueueInTurn(
  line: Pick<BotRunsRepo, 'unfinishedResults'>,
  queue: BotRunQueue,
  companyId: string,
  resultIds: readonly string[],
): Promise<void> {
  if (resultIds.length === 0) return;
  const unfinished = await line.unfinishedResults(companyId);
  await queue.enqueue(resultIds, placeInLine(unfinished, resultIds.length));
}

type LatestRun = NonNullable<Awaited<ReturnType<BotRunsRepo['latestRun']>>>;
type LatestResult = Awaited<ReturnType<BotRunsRepo['latestResults']>>[number];
type Feedback = Awaited<ReturnType<BotRunsRepo['feedbackOf']>>[number];
type MissedMarkRow = Awaited<ReturnType<BotMarksService['missedOf']>>[number];

/**
 * Every requested bot must be one the company runs and one that fits the target; otherwise a 422
 * on bot_ids naming the first bad one's reason. Returns the subscribed rows in request order.
 */
export function pickBots(
  requested: readonly string[],
  subscribed: readonly SubscribedBot[],
  selectable: readonly SubscribedBot[],
  notSelectableMessage: string,
): SubscribedBot[] {
  const byId = new Map(subscribed.map((bot) => [bot.botId, bot]));
  const fits = new Set(selectable.map((bot) => bot.botId));
  const picked: SubscribedBot[] = [];
  for (const id of new Set(requested)) {
    const bot = byId.get(id);
    if (!bot) throw fieldError('bot_ids', BOT_RUN_MESSAGES.botNotAvailable);
    if (!fits.has(id)) throw fieldError('bot_ids', notSelectableMessage);
    picked.push(bot);
  }
  return picked;
}

/**
 * One tab of the Bot Result section; gpt_response carries each response tag's verdict, and
 * missed_marks the words reviewers marked as missed by one of its tags.
 */
export function toResultItem(
  row: LatestResult,
  feedback: readonly Feedback[],
  doubleEncode: boolean,
  missed: readonly MissedMarkRow[] = [],
): BotResultItem {
  const verdicts = new Map(
    feedback.filter((f) => f.resultId === row.id).map((f) => [f.tagPosition, f.verdict]),
  );
  let gptResponse: string | null = null;
  if (row.responseTags) {
    const decoded: GptResponse = {
      response_tags: row.responseTags.map((tag, i) => ({
        ...tag,
        verdict: verdicts.get(i) ?? null,
      })),
      unmatched_quotes: row.unmatchedQuotes,
    };
    gptResponse = JSON.stringify(decoded);
    // Spec §3: the customer page's gpt_response is a JSON string of that JSON text.
    if (doubleEncode) gptResponse = JSON.stringify(gptResponse);
  }
  return {
    id: row.id,
    bot_id: row.botId,
    bot_name: row.botName,
    bot_color: row.color,
    bot_icon: botIcon(row.color),
    version: row.version,
    status: row.status,
    error_message: row.errorMessage,
    run_type: row.runType,
    run_at: row.runAt.toISOString(),
    raw_response: row.rawResponse,
    gpt_response: gptResponse,
    output_tags: row.outputTags ? JSON.stringify(row.outputTags) : null,
    missed_marks: missed
      .filter((m) => m.resultId === row.id)
      .map((m) => ({
        id: m.id,
        tag_id: m.tagId,
        label: row.outputTags?.find((t) => t.id === m.tagId)?.label ?? `Tag ${m.tagId}`,
        index_start: m.indexStart,
        index_end: m.indexEnd,
        text: m.text,
      })),
    // Only while waiting on a company hold (a running result that has not run yet).
    ...(row.status === 'running' && row.pausedReason
      ? { paused_reason: row.pausedReason, paused_message: HOLD_LABELS[row.pausedReason] }
      : {}),
  };
}

export function toBotResult(run: LatestRun, items: BotResultItem[]): BotResult {
  const paused = run.status === 'running' ? items.find((item) => item.paused_reason) : undefined;
  return {
    status: run.status,
    run_type: run.runType,
    run_by: run.runType === 'automatic' ? AUTOMATION_RUN_BY : (run.runBy ?? ''),
    run_at: run.startedAt.toISOString(),
    errorMessage: run.errorMessage,
    executionTime: run.executionSeconds === null ? null : Math.round(run.executionSeconds),
    bot_result_error_message: run.status === 'failed' ? run.errorMessage : null,
    results: items,
    ...(paused?.paused_reason
      ? { paused_reason: paused.paused_reason, paused_message: paused.paused_message }
      : {}),
  };
}

export function createBotRunsService(deps: {
  repo: BotRunsRepo;
  queue: BotRunQueue;
  marks: Pick<BotMarksService, 'missedOf' | 'feedbackMark'>;
}) {
  const { repo, queue, marks } = deps;

  const resultFor = async (
    companyId: string,
    target: RunTarget,
    doubleEncode: boolean,
  ): Promise<BotResult | null> => {
    const run = await repo.latestRun(companyId, target);
    if (!run) return null;
    const results = await repo.latestResults(companyId, target);
    const ids = results.map((r) => r.id);
    const [feedback, missed] = await Promise.all([repo.feedbackOf(ids), marks.missedOf(ids)]);
    const items = results
      .map((row) => toResultItem(row, feedback, doubleEncode, missed))
      .sort((a, b) => a.bot_name.localeCompare(b.bot_name) || a.bot_id.localeCompare(b.bot_id));
    return toBotResult(run, items);
  };

  return {
    /**
     * POST /api/company/bot-run: checks the target (scope, availability) and the bots, creates the
     * run with a running result per bot in one transaction, then queues one job per result.
     */
    async start(viewer: User, request: BotRunRequest): Promise<{ message: string }> {
      const scope = viewerScope(viewer);
      if (!isUuid(request.id)) throw notFound();
      const subscribed = await repo.companyBots(scope.companyId);
      let picked: SubscribedBot[];
      let target: { customerId: string | null; interactionId: string | null };
      if (request.type === 'customer') {
        const customer = await repo.customer(scope, request.id);
        if (!customer) throw notFound();
        const block = customerRunBotBlock({
          botRunning: await repo.hasRunningRun(scope.companyId, {
            kind: 'customer',
            customerId: customer.id,
          }),
          user: viewer,
          customer: { jobs_count: customer.jobsCount },
          interactions: await repo.customerInteractionStatuses(scope, customer.id),
        });
        if (block) throw fieldError('id', block);
        picked = pickBots(
          request.bot_ids,
          subscribed,
          selectBotsForCustomer(subscribed),
          BOT_RUN_MESSAGES.botNotSelectableForCustomer,
        );
        target = { customerId: customer.id, interactionId: null };
      } else {
        const interaction = await repo.interaction(scope, request.id, request.type);
        if (!interaction) throw notFound();
        const block = interactionRunBotBlock({ status: interaction.status });
        if (block) throw fieldError('id', block);
        picked = pickBots(
          request.bot_ids,
          subscribed,
          selectBotsForInteraction(subscribed, {
            type: interaction.type,
            call_type: interaction.callType,
          }),
          BOT_RUN_MESSAGES.botNotSelectable,
        );
        target = { customerId: null, interactionId: interaction.id };
      }
      const run = await repo.createRun({
        companyId: scope.companyId,
        targetType: request.type,
        ...target,
        jobId: null,
        runType: 'manual',
        runById: viewer.id,
        dedupeKey: null,
        bots: picked,
      });
      await queue.enqueue(run.resultIds, 'urgent');
      return { message: BOT_RUN_MESSAGES.started };
    },

    async interactionResult(viewer: User, interactionId: string, type: InteractionType) {
      const scope = viewerScope(viewer);
      const interaction = await repo.interaction(scope, interactionId, type);
      if (!interaction) throw notFound();
      return resultFor(scope.companyId, { kind: 'interaction', interactionId }, false);
    },

    async customerResult(viewer: User, customerId: string) {
      const scope = viewerScope(viewer);
      const customer = await repo.customer(scope, customerId);
      if (!customer) throw notFound();
      return resultFor(scope.companyId, { kind: 'customer', customerId }, true);
    },

    /**
     * A reviewer's mark on one response tag; null clears it. Recorded with the result's version,
     * and as a Correct / Wrong mark of that tag (the span and its sentence) in the same write.
     */
    async feedback(viewer: User, resultId: string, body: BotFeedbackRequest) {
      const scope = viewerScope(viewer);
      const result = await repo.result(scope.companyId, resultId);
      if (!result) throw notFound();
      if (!result.responseTags) {
        throw fieldError('tag_position', BOT_RUN_MESSAGES.resultNotFinished);
      }
      if (body.tag_position >= result.responseTags.length) {
        throw fieldError('tag_position', BOT_RUN_MESSAGES.tagPositionOutOfRange);
      }
      const mark = await marks.feedbackMark(viewer, result.id, body.tag_position, body.verdict);
      await repo.setFeedback({
        resultId: result.id,
        versionId: result.versionId,
        tagPosition: body.tag_position,
        verdict: body.verdict,
        userId: viewer.id,
        mark,
      });
      return { message: BOT_RUN_MESSAGES.feedbackSaved };
    },
  };
}
