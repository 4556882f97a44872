/**
 * The API keys module: company admins' keys for the public API and the guard that authenticates
 * /api/v1 with them. Code outside the module imports it from here only.
 */
export { PUBLIC_API_PREFIX } from './api-key-guard.js';
export { registerApiKeysModule } from './api-keys.module.js';
export type { ApiKeyPrincipal } from './api-keys.service.js';
