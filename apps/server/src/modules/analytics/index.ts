/**
 * The analytics module: usage analytics for support (routes, service, repo). Code outside the
 * module imports it from here only.
 */
export { createAnalyticsRepo } from './analytics.repo.js';
export { registerAnalyticsModule } from './analytics.module.js';
