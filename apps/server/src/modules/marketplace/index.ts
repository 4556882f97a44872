export { registerMarketplaceModule } from './marketplace.module.js';
export { createDeprecationNotifier, type DedupedMailer } from './deprecation-notices.js';
