/**
 * The recordings module: new field recordings and call downloads, queued to the pipeline. Code
 * outside the module imports it from here only.
 */
export { createRecordingsRepo } from './recordings.repo.js';
export { recordingRoutes } from './recordings.routes.js';
export { createRecordingsService, type PipelineQueue } from './recordings.service.js';
