/**
 * The bot marks module: marks and feedback on bot findings. Code outside the module imports it from
 * here only.
 */
export { createBotMarks, registerBotMarksModule } from './bot-marks.module.js';
export { deleteFeedbackMark, upsertFeedbackMark, type NewBotMark } from './bot-marks.repo.js';
export type { BotMarksService } from './bot-marks.service.js';
