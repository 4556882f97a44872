/**
 * Bot results written back to the CRM (ADR 032): the per-bot switch, the write itself (run by
 * jobs/crm-writeback.ts on bot_result.completed) and the Demo CRM's note store. Code outside the
 * module imports it from here only.
 */
export { registerCrmWritebackModule } from './crm-writeback.module.js';
export { createCrmWritebackRepo, createDemoNoteStore } from './crm-writeback.repo.js';
export {
  WritebackRetry,
  writeBack,
  type WritebackDeps,
  type WritebackOutcome,
} from './crm-writeback.writer.js';
