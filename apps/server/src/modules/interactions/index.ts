/**
 * The interactions module: recordings and calls, their transcripts and audio. Code outside the
 * module imports it from here only.
 */
export { registerInteractionsModule } from './interactions.module.js';
export { transcriptSegmentsQuery } from './interactions.repo.js';
export { createPipelineRepo, type PipelineRepo } from './pipeline.repo.js';
