/**
 * The interactions module: recordings and calls, their transcripts and audio. Code outside the
 * module imports it from here only.
 */
export { createInteractionsRepo, transcriptSegmentsQuery } from './interactions.repo.js';
export { interactionsRoutes } from './interactions.routes.js';
export { createInteractionsService } from './interactions.service.js';
