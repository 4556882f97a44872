/**
 * The capacity module: a company's usage limits, and holding and resuming work over them. Code
 * outside the module imports it from here only.
 */
export { registerCapacityModule } from './capacity.module.js';
export { createCapacityRepo } from './capacity.repo.js';
export {
  createCapacityService,
  type CapacityService,
  type ResumeQueue,
} from './capacity.service.js';
