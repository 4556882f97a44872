/** The health module: the health check route. Code outside the module imports it from here only. */
export { registerHealthModule } from './health.module.js';
