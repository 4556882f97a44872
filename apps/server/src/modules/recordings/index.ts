/**
 * The recordings module: new field recordings and call downloads, queued to the pipeline. Code
 * outside the module imports it from here only.
 */
export { registerRecordingsModule } from './recordings.module.js';
export type { PipelineQueue } from './recordings.service.js';
