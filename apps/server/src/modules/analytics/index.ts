/**
 * The analytics module: usage analytics for support (routes, service, repo). Code outside the
 * module imports it from here only.
 */
export { createAnalyticsRepo } from './analytics.repo.js';
export { analyticsRoutes } from './analytics.routes.js';
export { createAnalyticsService } from './analytics.service.js';
