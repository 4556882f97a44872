/** The health module: the health check route. Code outside the module imports it from here only. */
export { healthRoutes } from './health.routes.js';
