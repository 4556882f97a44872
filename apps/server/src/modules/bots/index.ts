/**
 * The bots module: the publisher's bot builder, test runs and bot files. Code outside the module
 * imports it from here only.
 */
export { createExampleBuilder } from './bot-example.js';
export { versionDeprecationView } from './bot-view.js';
export { registerBotsModule } from './bots.module.js';
export { publisherIdOf } from './bots.service.js';
export { demoSampleTranscripts } from './sample-transcripts.js';
