import {
  BACK_RUN_MESSAGES,
  BOT_RUN_MESSAGES,
  type BackRun,
  type BackRunRequest,
  type User,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { BackRunRow, BotBackRunsRepo, CompanyBot } from './bot-back-runs.repo.js';

export type BotBackRunsService = ReturnType<typeof createBotBackRunsService>;

/** Queues the job that creates a back-run's runs in chunks (jobs/bot-back-run.ts). */
export interface BackRunStartQueue {
  start(backRunId: string): Promise<void>;
}

/**
 * Estimated cost in whole cents: rules bots cost nothing; an LLM bot costs what its version's
 * results have cost on average so far (bot_usage), times the interactions, rounded up once; 0
 * before its first metered result, since there is nothing honest to extrapolate from.
 */
export function estimateCents(
  engine: CompanyBot['engine'],
  interactions: number,
  averageMillicents: number,
): number {
  if (engine === 'rules') return 0;
  return Math.ceil((interactions * averageMillicents) / 1000);
}

export function toBackRun(row: BackRunRow): BackRun {
  return {
    id: row.id,
    bot_id: row.botId,
    bot_name: row.botName,
    from: row.from,
    to: row.to,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    created_at: row.createdAt.toISOString(),
  };
}

export function createBotBackRunsService(deps: {
  repo: BotBackRunsRepo;
  queue: BackRunStartQueue;
}) {
  const { repo, queue } = deps;

  /** The company's bot and how many interactions the range covers, or the 422 saying why not. */
  const plan = async (viewer: User, request: BackRunRequest) => {
    const { companyId } = viewerScope(viewer);
    const bot = await repo.companyBot(companyId, request.bot_id);
    if (!bot) throw fieldError('bot_id', BOT_RUN_MESSAGES.botNotAvailable);
    const interactions = await repo.countEligible({
      companyId,
      from: request.from,
      to: request.to,
      trigger: bot.trigger,
      triggerEvent: bot.trigger_event,
    });
    if (interactions === null) throw fieldError('bot_id', BACK_RUN_MESSAGES.jobCompleteBot);
    return { companyId, bot, interactions };
  };

  /** The back-run of the company; completed once every created result has finished. */
  const read = async (companyId: string, id: string): Promise<BackRun> => {
    const row = await repo.backRun(companyId, id);
    if (!row) throw notFound();
    // The start job corrects total once all runs exist, so done + failed = total means finished.
    if (row.status === 'running' && row.running === 0 && row.done + row.failed >= row.total) {
      await repo.complete(row.id);
      return toBackRun({ ...row, status: 'completed' });
    }
    return toBackRun(row);
  };

  return {
    async estimate(viewer: User, request: BackRunRequest) {
      const { bot, interactions } = await plan(viewer, request);
      const average = bot.engine === 'rules' ? 0 : await repo.averageCostMillicents(bot.versionId);
      return {
        interactions,
        estimated_cost_cents: estimateCents(bot.engine, interactions, average),
      };
    },

    /** Records the back-run and queues its start job, which creates the runs in chunks. */
    async create(viewer: User, request: BackRunRequest): Promise<BackRun> {
      const { companyId, interactions } = await plan(viewer, request);
      if (interactions === 0) throw fieldError('to', BACK_RUN_MESSAGES.nothingToRun);
      const id = await repo.insert({
        companyId,
        botId: request.bot_id,
        from: request.from,
        to: request.to,
        total: interactions,
        createdById: viewer.id,
      });
      await queue.start(id);
      return read(companyId, id);
    },

    async get(viewer: User, id: string): Promise<BackRun> {
      return read(viewerScope(viewer).companyId, id);
    },

    /** Cancelling a back-run that has already finished answers it unchanged. */
    async cancel(viewer: User, id: string): Promise<BackRun> {
      const { companyId } = viewerScope(viewer);
      if (!(await repo.backRun(companyId, id))) throw notFound();
      await repo.cancel(id);
      return read(companyId, id);
    },
  };
}
