/**
 * The bot back-runs module: running bots over past interactions; jobs/bot-back-run.ts creates the
 * runs in chunks. Code outside the module imports it from here only.
 */
export {
  createBotBackRunsRepo,
  type BotBackRunsRepo,
  type ChunkCursor,
} from './bot-back-runs.repo.js';
export { registerBotBackRunsModule } from './bot-back-runs.module.js';
export type { BackRunStartQueue } from './bot-back-runs.service.js';
