/**
 * The bot runs module: running subscribed bots and reading their results; jobs/bot-run.ts runs each
 * result. Code outside the module imports it from here only.
 */
export { createBotRunJobRepo, runOutcome, type BotRunJobRepo } from './bot-run-job.repo.js';
export { insertRunningResults, meterResults, settleRuns } from './bot-run-writer.js';
export {
  createBotRunsRepo,
  pinnedBotsQuery,
  type BotRunsRepo,
  type SubscribedBot,
} from './bot-runs.repo.js';
export { registerBotRunsModule } from './bot-runs.module.js';
export {
  enqueueInTurn,
  placeInLine,
  type BotRunPlace,
  type BotRunQueue,
} from './bot-runs.service.js';
