/**
 * The interactions module: recordings and calls, their transcripts and audio. Code outside the
 * module imports it from here only.
 */
export { registerInteractionsModule } from './interactions.module.js';
export { interactionDetailQuery, transcriptSegmentsQuery } from './interactions.repo.js';
export { toInteractionListItem } from './interactions.service.js';
export { toRecordingConsent } from './consent-record.js';
export { createPipelineRepo, type PipelineRepo } from './pipeline.repo.js';
