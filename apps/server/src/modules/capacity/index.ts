/**
 * The capacity module: a company's usage limits, and holding and resuming work over them. Code
 * outside the module imports it from here only.
 */
export { createCapacityRepo } from './capacity.repo.js';
export { capacityRoutes } from './capacity.routes.js';
export {
  createCapacityService,
  type CapacityService,
  type ResumeQueue,
} from './capacity.service.js';
