/**
 * The public API module: the versioned read routes under /api/v1 (authenticated by the API-keys
 * module's guard). Code outside the module imports it from here only.
 */
export { registerPublicApiModule } from './public-api.module.js';
