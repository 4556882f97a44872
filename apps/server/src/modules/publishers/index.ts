/**
 * The publishers module: a publisher's own information and referral codes. Code outside the module
 * imports it from here only.
 */
export { createPublisherCodeLookup, registerPublishersModule } from './publishers.module.js';
