/**
 * The support module: support tickets and the third-party sources the support page loads. Code
 * outside the module imports it from here only.
 */
export { createSupportRepo } from './support.repo.js';
export { registerSupportModule } from './support.module.js';
export { thirdPartyCspSources } from './third-party-csp.js';
