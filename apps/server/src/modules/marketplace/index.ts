export { registerMarketplaceModule } from './marketplace.module.js';
export { createDeprecationNotifier, type DedupedMailer } from './deprecation-notices.js';
export { retireVersionsDue, type VersionsRetired } from './version-retirement.repo.js';
